// @ts-check
// Text edits of the registration files, without an AST: each finds one anchor (a marker line, an
// array's opening, the last import) and fails with the file and the anchor it looked for when the
// file no longer has it, rather than writing somewhere else.

/** A registration file without the anchor an edit needs. */
class AnchorNotFound extends Error {
  /**
   * @param {string} file
   * @param {string} anchor
   * @param {string} [why]
   */
  constructor(file, anchor, why = 'not found') {
    super(
      `feature generator: ${file}: ${why}: ${JSON.stringify(anchor)}. ` +
        'The file changed shape; update tools/src/feature/generator.js to its new anchor.',
    );
    this.name = 'AnchorNotFound';
  }
}

/**
 * The index of the one occurrence of `anchor` in `source` (a string, or a RegExp without /g).
 * @param {string} source
 * @param {string} file
 * @param {string | RegExp} anchor
 */
function onlyIndexOf(source, file, anchor) {
  const pattern =
    typeof anchor === 'string'
      ? new RegExp(anchor.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g')
      : new RegExp(anchor.source, `${anchor.flags.replace('g', '')}g`);
  const found = [...source.matchAll(pattern)];
  if (found.length === 0) throw new AnchorNotFound(file, String(anchor));
  if (found.length > 1) throw new AnchorNotFound(file, String(anchor), 'found more than once');
  return /** @type {number} */ (found[0].index);
}

/**
 * Inserts `lines` (each a line of text, without its newline) above the one line holding `anchor`,
 * indented as that line is.
 * @param {string} source
 * @param {string} file
 * @param {string | RegExp} anchor
 * @param {string[]} lines
 */
function insertAboveLine(source, file, anchor, lines) {
  const at = onlyIndexOf(source, file, anchor);
  const lineStart = source.lastIndexOf('\n', at) + 1;
  const indent = /^[ \t]*/.exec(source.slice(lineStart))?.[0] ?? '';
  const text = lines.map((line) => `${indent}${line}\n`).join('');
  return source.slice(0, lineStart) + text + source.slice(lineStart);
}

/**
 * Where the bracket opened at `open` closes, skipping strings, template literals and comments.
 * @param {string} source
 * @param {number} open the index of `[`, `{` or `(`
 */
function closingIndex(source, open) {
  const pairs = /** @type {Record<string, string>} */ ({ '[': ']', '{': '}', '(': ')' });
  const stack = [pairs[source[open]]];
  for (let i = open + 1; i < source.length; i++) {
    const char = source[i];
    if (char === "'" || char === '"' || char === '`') {
      // To the closing quote, past escaped characters.
      for (i++; i < source.length && source[i] !== char; i++) if (source[i] === '\\') i++;
    } else if (char === '/' && source[i + 1] === '/') {
      i = source.indexOf('\n', i);
      if (i < 0) break;
    } else if (char === '/' && source[i + 1] === '*') {
      i = source.indexOf('*/', i) + 1;
      if (i <= 0) break;
    } else if (char in pairs) {
      stack.push(pairs[char]);
    } else if (char === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

/**
 * Adds `entry` as the last element of the array or object literal that `opening` begins (its last
 * character is the `[` or `{`): on a line of its own, indented as its elements, in a literal that
 * spans lines; after the last element, in one written on one line.
 * @param {string} source
 * @param {string} file
 * @param {string | RegExp} opening
 * @param {string} entry
 */
function appendToLiteral(source, file, opening, entry) {
  const at = onlyIndexOf(source, file, opening);
  const matched =
    typeof opening === 'string'
      ? opening
      : /** @type {RegExpExecArray} */ (opening.exec(source))[0];
  const open = at + matched.length - 1;
  if (!'[{'.includes(source[open])) {
    throw new AnchorNotFound(file, String(opening), 'does not end with [ or {');
  }
  const close = closingIndex(source, open);
  if (close < 0) throw new AnchorNotFound(file, String(opening), 'is never closed');
  const inside = source.slice(open + 1, close);
  if (!inside.includes('\n')) {
    const body = inside.trim().replace(/,$/, '');
    return `${source.slice(0, open + 1)}${body ? `${body}, ` : ''}${entry}${source.slice(close)}`;
  }
  const closeLineStart = source.lastIndexOf('\n', close) + 1;
  const closeIndent = /^[ \t]*/.exec(source.slice(closeLineStart))?.[0] ?? '';
  // The last element needs its comma before a new one follows (prettier's trailing commas).
  const before = source.slice(0, closeLineStart).replace(/\s*$/, '');
  const comma = before.endsWith(',') || before.endsWith(source[open]) ? '' : ',';
  return `${before}${comma}\n${closeIndent}  ${entry},\n${source.slice(closeLineStart)}`;
}

/**
 * Adds `line` after the file's last import statement.
 * @param {string} source
 * @param {string} file
 * @param {string} line
 */
function addImport(source, file, line) {
  const imports = [...source.matchAll(/^import\b[\s\S]*?\bfrom\s+['"][^'"]+['"];?[ \t]*$/gm)];
  const last = imports[imports.length - 1];
  if (!last || last.index === undefined) throw new AnchorNotFound(file, 'an import statement');
  const end = last.index + last[0].length;
  return `${source.slice(0, end)}\n${line}${source.slice(end)}`;
}

module.exports = { AnchorNotFound, addImport, appendToLiteral, closingIndex, insertAboveLine };
