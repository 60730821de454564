import { describe, expect, it } from 'vitest';
import { serverFieldErrors, validateEnrollment } from './enrollmentForm';
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
  it('maps the rule messages to their translated rule and keeps other texts', () => {
    expect(
      serverFieldErrors({
        errors: [
          { field: 'address', msg: 'Address must be at least 10 characters' },
          { field: 'telephone', msg: 'Telephone must be at most 30 characters' },
        ],
      }),
    ).toEqual({
      address: { rule: 'address' },
      telephone: { text: 'Telephone must be at most 30 characters' },
    });
  });

  it('ignores fields the form does not have', () => {
    expect(serverFieldErrors({ errors: [{ field: 'status', msg: 'nope' }] })).toBeUndefined();
    expect(serverFieldErrors({ msg: 'Conflict' })).toBeUndefined();
  });
});
