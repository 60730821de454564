import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn scores 0-4; 0 and 1 are guessed within about a million tries (common, keyboard walks). */
const MIN_SCORE = 2;

export const PASSWORD_TOO_SHORT_MSG = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_WEAK_MSG =
  'This password is too common or too easy to guess. Use a longer phrase or add less predictable words.';

let checker: ZxcvbnFactory | undefined;

/** Built on first use: the dictionaries take a moment to load. */
function zxcvbn(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return checker;
}

/**
 * What is wrong with a new password, or undefined when it is acceptable: at least 8 characters
 * and not common or weak by zxcvbn (which also penalises the user's own name and email).
 */
export function passwordProblem(
  password: string,
  userInputs: string[] = [],
): 'too_short' | 'too_weak' | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return 'too_short';
  // Long inputs are slow to score and long passphrases are strong anyway.
  if (password.length > 64) return undefined;
  // Each word of the name and the email's local part count as guessable words too.
  const words = userInputs.flatMap((input) => [input, ...input.toLowerCase().split(/[\s@._-]+/)]);
  const { score } = zxcvbn().check(password, words.filter(Boolean));
  return score < MIN_SCORE ? 'too_weak' : undefined;
}
