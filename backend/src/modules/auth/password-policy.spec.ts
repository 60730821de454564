import {
  ADMIN_PASSWORD_TOO_WEAK,
  PASSWORD_TOO_SHORT_MSG,
  PASSWORD_TOO_WEAK_MSG,
  passwordProblem,
} from './password-policy';

describe('the password policy', () => {
  // First in the file: the checker is loaded once, so the test that loads it checks the dictionary.
  it('wants at least 8 characters: 7 are too short, 8 are scored', async () => {
    expect(await passwordProblem('Xk9#vQ2')).toBe('too_short');
    expect(await passwordProblem('Xk9#vQ2m')).toBeUndefined();
    expect(await passwordProblem('iloveyou')).toBe('too_weak');
    expect(await passwordProblem('')).toBe('too_short');
  });

  it('refuses common and easily guessed passwords of any length up to 64', async () => {
    expect(await passwordProblem('password123')).toBe('too_weak');
    expect(await passwordProblem('qwertyuiop')).toBe('too_weak');
    expect(await passwordProblem('a'.repeat(64))).toBe('too_weak');
    // Past 64 characters it is a passphrase, long enough not to be scored (scoring is slow).
    expect(await passwordProblem('a'.repeat(65))).toBeUndefined();
    expect(await passwordProblem('correct horse battery staple on the hill')).toBeUndefined();
  });

  it("counts the member's name and email, whole and word by word, as guessable", async () => {
    expect(await passwordProblem('zerihunworku')).toBeUndefined();
    for (const inputs of [
      ['Zerihun Worku'],
      ['zerihun.worku@example.org'],
      ['zerihun_worku@example.org'],
      ['zerihun-worku'],
      ['ZERIHUN@WORKU'],
    ]) {
      expect({ inputs, problem: await passwordProblem('zerihunworku', inputs) }).toEqual({
        inputs,
        problem: 'too_weak',
      });
    }
    expect(await passwordProblem('kebedealemu', ['kebedealemu'])).toBe('too_weak');
    // Nobody's words count without user inputs.
    expect(await passwordProblem('strykerwashere')).toBeUndefined();
  });

  it('says its refusals in the words the screens and the admin start show', () => {
    expect(PASSWORD_TOO_SHORT_MSG).toBe('Password must be at least 8 characters');
    expect(PASSWORD_TOO_WEAK_MSG).toBe(
      'This password is too common or too easy to guess. Use a longer phrase or add less predictable words.',
    );
    expect(ADMIN_PASSWORD_TOO_WEAK).toBe(
      'ADMIN_PASSWORD is too common or too easy to guess: use a longer phrase',
    );
  });
});
