import { describe, expect, it } from 'vitest';
import { emptyRegistration, toRegisterRequest, validateRegistration } from './registration';

const valid = {
  ...emptyRegistration,
  name: 'Abebe Kebede',
  email: 'abebe@example.com',
  password: 'secret-12',
  confirmPassword: 'secret-12',
  country: 'Canada',
  profession: 'Engineer',
};

describe('validateRegistration', () => {
  it('accepts a complete form', () => {
    expect(validateRegistration(valid)).toEqual({});
  });

  it('requires name, email, country and profession', () => {
    const errors = validateRegistration({
      ...valid,
      name: ' ',
      email: '',
      country: '',
      profession: '',
    });
    expect(Object.keys(errors).sort()).toEqual(['country', 'email', 'name', 'profession']);
  });

  it('rejects a country outside the fixed list', () => {
    expect(validateRegistration({ ...valid, country: 'Atlantis' })).toEqual({
      country: 'auth:validation.countryRequired',
    });
  });

  it('needs a password of at least 8 characters (the server also refuses weak ones)', () => {
    const errors = validateRegistration({
      ...valid,
      password: '1234567',
      confirmPassword: '1234567',
    });
    expect(errors.password).toBe('auth:validation.passwordTooShort');
    expect(
      validateRegistration({ ...valid, password: '12345678', confirmPassword: '12345678' }),
    ).toEqual({});
  });

  it('needs the confirmation to match', () => {
    expect(validateRegistration({ ...valid, confirmPassword: 'other1' }).confirmPassword).toBe(
      'auth:validation.passwordsDoNotMatch',
    );
  });
});

describe('toRegisterRequest', () => {
  it('does not send the confirmation, and sends the interface language', () => {
    const request = toRegisterRequest(valid, 'am');
    expect(request).not.toHaveProperty('confirmPassword');
    expect(request).toMatchObject({ country: 'Canada', language: 'am' });
  });

  it('leaves out a language the API does not offer (the server then uses English)', () => {
    expect(toRegisterRequest(valid, 'fr')?.language).toBeUndefined();
  });

  it('builds no request from a form that fails validation', () => {
    expect(toRegisterRequest({ ...valid, country: 'Atlantis' }, 'en')).toBeUndefined();
  });
});
