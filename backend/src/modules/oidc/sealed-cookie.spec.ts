import { cookieValue, SealedCookie } from './sealed-cookie';

describe('SealedCookie', () => {
  const attempts = new SealedCookie<{ state: string }>(
    'a-secret-long-enough-for-tests',
    'attempt',
    60,
  );

  it('opens what it sealed, until it expires', () => {
    // A state long enough that random ciphertext never contains it by chance (two letters did, 1 in 50).
    const state = 'state-of-the-attempt';
    const text = attempts.seal({ state }, 1_000);
    expect(text).not.toContain(state);
    expect(text).not.toContain(Buffer.from(state).toString('base64url').slice(0, 12));
    expect(attempts.open(text, 1_000)).toEqual({ state });
    expect(attempts.open(text, 61_000)).toBeUndefined();
  });

  it('refuses an altered text, another purpose or another secret', () => {
    const text = attempts.seal({ state: 's1' });
    const flipped = text.slice(0, 30) + (text[30] === 'A' ? 'B' : 'A') + text.slice(31);
    expect(attempts.open(flipped)).toBeUndefined();
    expect(
      new SealedCookie('a-secret-long-enough-for-tests', 'handoff', 60).open(text),
    ).toBeUndefined();
    expect(
      new SealedCookie('another-secret-long-enough-here', 'attempt', 60).open(text),
    ).toBeUndefined();
    expect(attempts.open('')).toBeUndefined();
    expect(attempts.open('%%%')).toBeUndefined();
  });

  it('reads one cookie from a Cookie header', () => {
    expect(cookieValue('a=1; oidc_attempt=xyz; b=2', 'oidc_attempt')).toBe('xyz');
    expect(cookieValue('a=1', 'oidc_attempt')).toBeUndefined();
    expect(cookieValue(undefined, 'oidc_attempt')).toBeUndefined();
  });
});
