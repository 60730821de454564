import { AppException } from '../errors/app-exception';
import { CommonErrorCode } from '../errors/common.errors';
import { unknownField } from './validation.pipe';

/** Deeper JSON than any form of ours needs; deeper input is refused before validation recurses. */
export const MAX_INPUT_DEPTH = 32;

export type UnsafeInput = { kind: 'nul' | 'surrogate' | 'depth' | 'inherited'; field: string };

/** Half of a UTF-16 pair without its other half: not text in any encoding (validators throw on it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function badText(text: string): 'nul' | 'surrogate' | undefined {
  if (text.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'surrogate' : undefined;
}

/**
 * Finds the first text holding a NUL character (PostgreSQL cannot store it) or a lone surrogate,
 * the first value nested deeper than MAX_INPUT_DEPTH, or the first name every object inherits
 * (`constructor`, `toString`: class-transformer skips them without a word, so the whitelist never
 * sees them and they would be dropped instead of refused as unknown), walking iteratively so
 * hostile input cannot overflow the stack.
 */
export function findUnsafeInput(value: unknown, root = ''): UnsafeInput | undefined {
  const stack: Array<{ value: unknown; field: string; depth: number }> = [
    { value, field: root, depth: 0 },
  ];
  while (stack.length) {
    const item = stack.pop() as { value: unknown; field: string; depth: number };
    if (typeof item.value === 'string') {
      const kind = badText(item.value);
      if (kind) return { kind, field: item.field || 'body' };
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_INPUT_DEPTH) return { kind: 'depth', field: item.field || 'body' };
    for (const [key, child] of Object.entries(item.value)) {
      const keyKind = badText(key);
      if (keyKind) return { kind: keyKind, field: item.field || 'body' };
      const field = item.field ? `${item.field}.${key}` : key;
      if (key in Object.prototype) return { kind: 'inherited', field };
      stack.push({ value: child, field, depth: item.depth + 1 });
    }
  }
  return undefined;
}

/** The one answer to unsafe input: a 400 naming the field. */
export function unsafeInputError(found: UnsafeInput): AppException {
  if (found.kind === 'depth') {
    return AppException.badRequest(
      `The request is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`,
      CommonErrorCode.BODY_TOO_DEEP,
    );
  }
  if (found.kind === 'inherited') {
    const error = unknownField(found.field);
    return AppException.badRequest(error.msg, CommonErrorCode.VALIDATION_FAILED, [error]);
  }
  const msg =
    found.kind === 'nul'
      ? `${found.field} contains a character that is not allowed (NUL)`
      : `${found.field} contains an invalid character (an unpaired surrogate)`;
  return AppException.badRequest(msg, CommonErrorCode.VALIDATION_FAILED, [
    { field: found.field, msg },
  ]);
}

/** Throws when any part of the input is unsafe (used for multipart fields). */
export function assertSafeInput(value: unknown, root = ''): void {
  const found = findUnsafeInput(value, root);
  if (found) throw unsafeInputError(found);
}
