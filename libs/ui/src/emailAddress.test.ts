import { describe, expect, it } from 'vitest';
import { isEmailAddress, mailtoHref } from './emailAddress';

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

describe('mailtoHref', () => {
  it('links a plain address as it is', () => {
    expect(mailtoHref('abebe@example.com')).toBe('mailto:abebe@example.com');
  });

  it('keeps an address from adding recipients or fields to the draft', () => {
    expect(mailtoHref('x?bcc=spy%40evil.example&y=z@biz.example')).toBe(
      'mailto:x%3Fbcc%3Dspy%2540evil.example%26y%3Dz@biz.example',
    );
  });

  it('encodes the fields', () => {
    expect(mailtoHref('a@example.com', { subject: 'Re: Venue & time?' })).toBe(
      'mailto:a@example.com?subject=Re%3A%20Venue%20%26%20time%3F',
    );
  });
});
