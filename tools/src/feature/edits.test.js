// @ts-check
// The registration edits on small sources: where each writes, and the loud failure when an
// anchor is missing or ambiguous (node --test, run by the `generator` stage).
const assert = require('node:assert/strict');
const { describe, it } = require('node:test');
const { addImport, appendToLiteral, insertAboveLine } = require('./edits');

describe('appendToLiteral', () => {
  it('adds a line to a literal written on several lines, with its comma', () => {
    const source = "const A = {\n  x: 1,\n  y: [1, 2],\n};\nconst B = [\n  'b'\n];\n";
    assert.equal(
      appendToLiteral(source, 'a.ts', 'const A = {', 'z: 3'),
      "const A = {\n  x: 1,\n  y: [1, 2],\n  z: 3,\n};\nconst B = [\n  'b'\n];\n",
    );
    assert.equal(
      appendToLiteral(source, 'a.ts', 'const B = [', "'c'"),
      "const A = {\n  x: 1,\n  y: [1, 2],\n};\nconst B = [\n  'b',\n  'c',\n];\n",
    );
  });

  it('adds an element to a literal on one line, and to an empty one', () => {
    assert.equal(
      appendToLiteral("const T = ['a', 'b'] as const;", 't.ts', 'const T = [', "'c'"),
      "const T = ['a', 'b', 'c'] as const;",
    );
    assert.equal(appendToLiteral('const E = [];', 'e.ts', 'const E = [', '1'), 'const E = [1];');
  });

  it('skips brackets inside strings and comments', () => {
    const source = "const A = [\n  ']', // ] here\n  /* [ */ 'x',\n];\n";
    assert.equal(
      appendToLiteral(source, 'a.ts', 'const A = [', "'y'"),
      "const A = [\n  ']', // ] here\n  /* [ */ 'x',\n  'y',\n];\n",
    );
  });

  it('fails naming the file and the anchor when the anchor is gone or ambiguous', () => {
    assert.throws(
      () => appendToLiteral('const A = [];', 'src/a.ts', 'const B = [', '1'),
      /src\/a\.ts: not found: "const B = \[".*update tools\/src\/feature\/generator\.js/,
    );
    assert.throws(
      () => appendToLiteral('x = [];\nx = [];', 'src/a.ts', 'x = [', '1'),
      /src\/a\.ts: found more than once/,
    );
  });
});

describe('insertAboveLine', () => {
  it("inserts above the marker's line, indented as it is", () => {
    const source = "const pages = [\n  '/a',\n  // new pages above\n];\n";
    assert.equal(
      insertAboveLine(source, 'p.ts', 'new pages above', ["'/b',"]),
      "const pages = [\n  '/a',\n  '/b',\n  // new pages above\n];\n",
    );
    assert.throws(() => insertAboveLine(source, 'p.ts', 'no marker', ['x']), /p\.ts: not found/);
  });
});

describe('addImport', () => {
  it('adds the line after the last import, a multi-line one too', () => {
    const source = "import a from 'a';\nimport {\n  b,\n} from 'b';\n\nconst x = 1;\n";
    assert.equal(
      addImport(source, 'x.ts', "import c from 'c';"),
      "import a from 'a';\nimport {\n  b,\n} from 'b';\nimport c from 'c';\n\nconst x = 1;\n",
    );
    assert.throws(() => addImport('const x = 1;', 'x.ts', 'import c from "c";'), /x\.ts/);
  });
});
