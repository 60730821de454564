import { FieldErrorCode, type ApiErrorBody } from '@diaspora/api-client';
import { i18n, setLanguage } from '@diaspora/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { serverFieldErrors, validateEnrollment } from './enrollmentRules';
import { newCourse } from '@diaspora/test-support';

const valid = {
  fullName: 'Al',
  email: 'al@example.com',
  address: '1234567890',
  city: 'Oz',
  telephone: '0123456789',
};

describe('validateEnrollment', () => {
  it('accepts values exactly at the section 5 minimums', () => {
    expect(validateEnrollment(valid, newCourse({ id: 'c' }))).toEqual({});
  });

  it('flags each rule on its field, trimming as the server does', () => {
    expect(
      validateEnrollment(
        { fullName: ' A ', email: 'nope', address: 'short', city: 'X', telephone: '12345' },
        undefined,
      ),
    ).toEqual({
      course: { rule: 'course' },
      fullName: { rule: 'fullName' },
      email: { rule: 'email' },
      address: { rule: 'address' },
      city: { rule: 'city' },
      telephone: { rule: 'telephone' },
    });
  });
});

describe('serverFieldErrors', () => {
  afterEach(() => setLanguage('en'));

  const answer: ApiErrorBody = {
    errors: [
      {
        field: 'address',
        msg: 'Address must be at least 10 characters',
        code: FieldErrorCode.TOO_SHORT,
      },
      {
        field: 'telephone',
        msg: 'Telephone must be at most 30 characters',
        code: FieldErrorCode.TOO_LONG,
      },
    ],
  };

  it('maps the rule messages to their translated rule and keeps other texts', () => {
    expect(serverFieldErrors(answer, i18n.getFixedT('en'))).toEqual({
      address: { rule: 'address' },
      telephone: { text: 'Telephone must be at most 30 characters' },
    });
  });

  it('reads other server texts in Amharic by their code, not in English', async () => {
    await setLanguage('am');
    const errors = serverFieldErrors(answer, i18n.getFixedT('am'));
    expect(errors?.telephone).toEqual({ text: expect.stringContaining('በጣም ረጅም ነው') });
  });

  it('ignores fields the form does not have', () => {
    const t = i18n.getFixedT('en');
    expect(serverFieldErrors({ errors: [{ field: 'status', msg: 'nope' }] }, t)).toBeUndefined();
    expect(serverFieldErrors({ msg: 'Conflict' }, t)).toBeUndefined();
  });
});
