import { ApiRequestError, ErrorCode, NetworkError } from '@diaspora/api-client';
import { i18n } from '@diaspora/i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeAuthFailure, loginMessage, registrationMessage } from './authMessages';

// Amharic texts load on demand (their own chunk); these tests read them directly.
beforeAll(() => i18n.loadLanguages('am'));

const t = (key: string) => `[${key}]`;
const apiFailure = (body: object) => describeAuthFailure(new ApiRequestError(400, body));

describe('registrationMessage', () => {
  it('prefers the response msg', () => {
    const failure = apiFailure({ msg: 'Email taken', errors: [{ msg: 'x' }], error: 'y' });
    expect(registrationMessage(failure, t)).toBe('Email taken');
  });

  it('then joins the errors array, reading message or msg', () => {
    const failure = apiFailure({
      errors: [{ message: 'Name is bad' }, { msg: 'Email is bad' }],
      error: 'y',
    });
    expect(registrationMessage(failure, t)).toBe('Name is bad, Email is bad');
  });

  it('then the response error', () => {
    expect(registrationMessage(apiFailure({ error: 'Bad Request' }), t)).toBe('Bad Request');
  });

  it("then the error's own message", () => {
    expect(registrationMessage(describeAuthFailure(new Error('boom')), t)).toBe('boom');
  });

  it('defaults to Registration failed', () => {
    expect(registrationMessage(apiFailure({}), t)).toBe('[auth:errors.registrationFailed]');
  });
});

describe('loginMessage', () => {
  it('reports a network error first', () => {
    const failure = describeAuthFailure(new NetworkError(new TypeError('Failed to fetch')));
    expect(loginMessage(failure, t)).toBe('[auth:errors.network]');
  });

  it('then the response msg', () => {
    expect(loginMessage(apiFailure({ msg: 'Invalid credentials', error: 'e' }), t)).toBe(
      'Invalid credentials',
    );
  });

  it('then error before the errors array', () => {
    expect(loginMessage(apiFailure({ error: 'Unauthorized', errors: [{ msg: 'a' }] }), t)).toBe(
      'Unauthorized',
    );
  });

  it('then the joined errors array', () => {
    expect(loginMessage(apiFailure({ errors: [{ msg: 'a' }, { message: 'b' }] }), t)).toBe('a, b');
  });

  it("then the error's own message, then Login failed", () => {
    expect(loginMessage(describeAuthFailure(new Error('boom')), t)).toBe('boom');
    expect(loginMessage(apiFailure({}), t)).toBe('[auth:errors.loginFailed]');
  });
});

describe('coded server messages', () => {
  it('follow the chosen language by their code', () => {
    const am = i18n.getFixedT('am');
    const login = apiFailure({
      msg: 'Invalid email or password',
      code: ErrorCode.INVALID_CREDENTIALS,
    });
    expect(loginMessage(login, am)).toBe('ኢሜይሉ ወይም የይለፍ ቃሉ ትክክል አይደለም');
    expect(loginMessage(login, i18n.getFixedT('en'))).toBe('Invalid email or password');
    const taken = apiFailure({
      msg: 'An account with this email already exists',
      code: ErrorCode.EMAIL_TAKEN,
    });
    expect(registrationMessage(taken, am)).toBe('በዚህ ኢሜይል የተከፈተ መለያ አስቀድሞ አለ');
    const blocked = apiFailure({
      msg: 'Your account has been blocked.',
      code: ErrorCode.ACCOUNT_BLOCKED,
    });
    expect(loginMessage(blocked, am)).toBe('መለያዎ ታግዷል። ስህተት ነው ብለው ካሰቡ እባክዎ ያግኙን።');
    const weak = apiFailure({
      msg: 'This password is too common',
      code: ErrorCode.PASSWORD_TOO_WEAK,
    });
    expect(registrationMessage(weak, am)).toContain('የይለፍ ቃል በጣም የተለመደ');
    const backoff = apiFailure({ msg: 'Too many wrong passwords', code: ErrorCode.LOGIN_BACKOFF });
    expect(loginMessage(backoff, am)).toContain('የተሳሳቱ የይለፍ ቃሎች');
  });

  it('keep the server msg when there is no code', () => {
    expect(loginMessage(apiFailure({ msg: 'Too many attempts' }), t)).toBe('Too many attempts');
  });
});
