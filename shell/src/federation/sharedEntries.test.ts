// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sharedEntries, sharedModules } from '../../federation.shared';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCES = ['shell/src', 'portal/src', 'admin-console/src', 'libs'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // First views are rendered on Node at build time, with the packages themselves; test helpers
    // (`testing`) run under Vitest, never in the federated bundle.
    if (entry.isDirectory()) {
      return ['node_modules', 'firstView', 'testing'].includes(entry.name) ? [] : sourceFiles(path);
    }
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The values a source imports by name from a package (type-only imports left out). */
function namedImports(source: string, pkg: string): string[] {
  const quoted = pkg.replace(/[/.]/g, '\\$&');
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${quoted}'`, 'g');
  return [...source.matchAll(pattern)]
    .filter((match) => !match[1])
    .flatMap((match) => (match[2] ?? '').split(','))
    .map((name) => name.trim())
    .filter((name) => name && !name.startsWith('type '))
    .map((name) => name.split(/\s+as\s+/)[0] ?? name);
}

/** What a shared entry re-exports from its package. */
function entryExports(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/export\s*\{([^}]*)\}/g)]
    .flatMap((match) => (match[1] ?? '').split(','))
    .map((name) => name.trim())
    .filter(Boolean);
}

describe('shared entries (the tree-shaken shared packages)', () => {
  it('reads the named value imports of a source', () => {
    const source = `import { Link, type To, useNavigate as go } from 'react-router';\nimport type { Location } from 'react-router';`;
    expect(namedImports(source, 'react-router')).toEqual(['Link', 'useNavigate']);
  });

  it.each(Object.entries(sharedEntries))(
    'export everything the front ends import from %s',
    (pkg, entry) => {
      const provided = new Set(entryExports(entry));
      const missing = SOURCES.flatMap((dir) => sourceFiles(join(root, dir)))
        .filter((file) => file !== entry)
        .flatMap((file) =>
          namedImports(readFileSync(file, 'utf8'), pkg)
            .filter((name) => !provided.has(name))
            .map((name) => `${relative(root, file)}: ${name}`),
        );
      // A missing name would be undefined in the browser: add it to the entry.
      expect(missing).toEqual([]);
    },
  );

  it('passes a default export on wherever the front ends import one', () => {
    // CommonJS packages' providers export the package as their default; an ES one needs `hasDefault`.
    const withoutDefault = Object.entries(sharedModules)
      .filter(([, module]) => !module.commonJs && !module.hasDefault)
      .map(([pkg]) => pkg);
    const defaultImport = (pkg: string) =>
      new RegExp(
        `import\\s+(?!type\\s)[\\w$]+\\s*(,[^;]*)?from\\s+'${pkg.replace(/[/.]/g, '\\$&')}'`,
      );
    expect(
      defaultImport('i18next').test("import i18next, { type TFunction } from 'i18next';"),
    ).toBe(true);
    const missing = SOURCES.flatMap((dir) => sourceFiles(join(root, dir))).flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return withoutDefault
        .filter((pkg) => defaultImport(pkg).test(source))
        .map((pkg) => `${relative(root, file)}: ${pkg}`);
    });
    // The browser would refuse the module ("does not provide an export named 'default'").
    expect(missing).toEqual([]);
  });
});
