import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './emailAddress';

describe('isEmailAddress', () => {
  it('takes the addresses the API takes', () => {
    for (const text of [
      'abebe@example.com',
      ' hana.g+events@mail.example.org ',
      'x@sub.domain.et',
    ]) {
      expect(isEmailAddress(text)).toBe(true);
    }
  });

  it('refuses what the API would refuse after the send', () => {
    for (const text of [
      'a@b.c',
      'abebe@example',
      'abebe example.com',
      'a@@b.com',
      'a b@c.com',
      '',
    ]) {
      expect(isEmailAddress(text)).toBe(false);
    }
  });
});
