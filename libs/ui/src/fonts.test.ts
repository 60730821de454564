import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(__dirname, 'fonts.css'), 'utf8');
const faces = css.match(/@font-face\s*{[^}]*}/g) ?? [];

describe('the Ethiopic web font (fonts.css)', () => {
  it('declares the regular and bold faces', () => {
    expect(faces.map((face) => /font-weight:\s*(\d+)/.exec(face)?.[1])).toEqual(['400', '700']);
  });

  it.each(faces.map((face, index) => [index, face]))(
    'face %i swaps in whenever it arrives, for Ethiopic letters only',
    (_index, face) => {
      // `optional` left the fallback's boxes for the page's life when the font came late.
      expect(face).toMatch(/font-display:\s*swap;/);
      expect(face).toMatch(/unicode-range:[^;]*U\+1200-1399/);
      expect(face).not.toMatch(/U\+0000|U\+0020-007F/);
    },
  );
});
