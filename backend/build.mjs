// The backend's compile (`npm run build`, then the PGlite template): every file of src/ but the unit
// specs, compiled by SWC with .swcrc, the options the tests are compiled with (jest.config.js), into
// dist/ with source maps. SWC does not check types: that is `npm run typecheck`'s (and CI's) job.
// Usage: node build.mjs (from backend/)
import { transformFile } from '@swc/core';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const backend = dirname(fileURLToPath(import.meta.url));
const src = join(backend, 'src');
const dist = join(backend, 'dist');
const options = { ...JSON.parse(await readFile(join(backend, '.swcrc'), 'utf8')), swcrc: false };

/** The sources: src/ without its unit specs (`*.spec.ts`) and declarations. */
const sources = (await readdir(src, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name))
  .filter((entry) => !/\.(spec|d)\.ts$/.test(entry.name))
  .map((entry) => join(entry.parentPath, entry.name));

await Promise.all(
  sources.map(async (file) => {
    const out = join(dist, relative(src, file)).replace(/\.ts$/, '.js');
    const { code, map } = await transformFile(file, {
      ...options,
      filename: file,
      outputPath: out,
      sourceFileName: relative(dirname(out), file),
      // As tsc's maps: they point at the sources rather than carry them.
      inlineSourcesContent: false,
    });
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, `${code.trimEnd()}\n//# sourceMappingURL=${basename(out)}.map\n`);
    if (map) await writeFile(`${out}.map`, map);
  }),
);
process.stdout.write(`SWC compiled ${sources.length} files into dist/\n`);
