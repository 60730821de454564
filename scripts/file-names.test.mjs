// Source file names that a case-insensitive file system (macOS, Windows) would confuse: two modules
// in one folder whose names differ only by letter case (`contactForm.ts` beside `ContactForm.tsx`),
// where an import of `./ContactForm` could resolve to either.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, extname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MODULE = /\.(?:[cm]?[jt]sx?)$/;

/** Pairs of module paths in one folder whose extensionless names are equal but for letter case. */
export function caseCollisions(paths) {
  const seen = new Map();
  const collisions = [];
  for (const path of paths.filter((p) => MODULE.test(p))) {
    const stem = join(dirname(path), path.slice(dirname(path).length + 1, -extname(path).length));
    // `x.test.ts` and `X.test.tsx` are modules too: their stems keep the `.test`.
    const key = stem.toLowerCase();
    const other = seen.get(key);
    if (other && other.stem !== stem) collisions.push([other.path, path]);
    else seen.set(key, { stem, path });
  }
  return collisions;
}

test('caseCollisions finds names that differ only by case, not the same name twice', () => {
  assert.deepEqual(
    caseCollisions(['a/contactForm.ts', 'a/ContactForm.tsx', 'a/Layout.tsx', 'a/layout.css']),
    [['a/contactForm.ts', 'a/ContactForm.tsx']],
  );
  assert.deepEqual(caseCollisions(['a/x.ts', 'a/x.tsx', 'b/X.ts']), []);
});

test("no two of the tree's modules in one folder differ only by letter case", () => {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');
  assert.deepEqual(caseCollisions(files.filter(Boolean)), []);
});
