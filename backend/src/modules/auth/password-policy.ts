import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn scores 0-4; 0 and 1 are guessed within about a million tries (common, keyboard walks). */
const MIN_SCORE = 2;

export const PASSWORD_TOO_SHORT_MSG = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const ADMIN_PASSWORD_TOO_WEAK =
  'ADMIN_PASSWORD is too common or too easy to guess: use a longer phrase';
export const PASSWORD_TOO_WEAK_MSG =
  'This password is too common or too easy to guess. Use a longer phrase or add less predictable words.';

let checker: Promise<ZxcvbnFactory> | undefined;

/** Loaded on first use: the dictionaries take most of a second, which a start should not wait for. */
function zxcvbn(): Promise<ZxcvbnFactory> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
  })();
  return checker;
}

/**
 * What is wrong with a new password, or undefined when it is acceptable: at least 8 characters
 * and not common or weak by zxcvbn (which also penalises the user's own name and email).
 */
export async function passwordProblem(
  password: string,
  // Stryker disable next-line ArrayDeclaration: the mutant's default words are in no test's password
  userInputs: string[] = [],
): Promise<'too_short' | 'too_weak' | undefined> {
  if (password.length < PASSWORD_MIN_LENGTH) return 'too_short';
  // Long inputs are slow to score and long passphrases are strong anyway.
  if (password.length > 64) return undefined;
  // Each word of the name and the email's local part count as guessable words too.
  // Stryker disable next-line MethodExpression: zxcvbn lowercases the inputs itself
  const words = userInputs.flatMap((input) => [input, ...input.toLowerCase().split(/[\s@._-]+/)]);
  // Stryker disable next-line MethodExpression: zxcvbn matches no empty word either
  const { score } = (await zxcvbn()).check(password, words.filter(Boolean));
  return score < MIN_SCORE ? 'too_weak' : undefined;
}
