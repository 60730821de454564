import { ApiRequestError, ErrorCode, FieldErrorCode } from '@diaspora/api-client';
import { i18n } from '@diaspora/i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorText, fieldErrorsByField, serverErrorText } from './serverErrorText';

// Amharic texts load on demand (their own chunk); these tests read them directly.
beforeAll(() => i18n.loadLanguages('am'));

const en = i18n.getFixedT('en');
const am = i18n.getFixedT('am');

describe('serverErrorText', () => {
  it('says a coded error in Amharic and keeps the English server words', () => {
    const body = { msg: 'This event has ended', code: ErrorCode.EVENT_ENDED };
    expect(serverErrorText(body, am)).toBe('ይህ ዝግጅት አብቅቷል');
    expect(serverErrorText(body, en)).toBe('This event has ended');
  });

  it("keeps the server's detailed msg in English for codes whose msg names the file", () => {
    const body = { msg: 'big.png is too large (25MB).', code: ErrorCode.FILE_TOO_LARGE };
    expect(serverErrorText(body, en)).toBe('big.png is too large (25MB).');
    expect(serverErrorText(body, am)).toBe('አንድ ፋይል በጣም ትልቅ ነው');
  });

  it('says each field error by its code, with the field named in the language', () => {
    const body = {
      msg: 'Title is required, Email must be an email',
      code: ErrorCode.VALIDATION_FAILED,
      errors: [
        { field: 'title', msg: 'Title is required', code: FieldErrorCode.REQUIRED },
        { field: 'location.city', msg: 'City is too long', code: FieldErrorCode.TOO_LONG },
        { field: 'mystery', msg: 'mystery is not allowed', code: FieldErrorCode.UNKNOWN_FIELD },
      ],
    };
    expect(serverErrorText(body, am)).toBe('ርዕስ ያስፈልጋል፣ ከተማ በጣም ረጅም ነው፣ ይህ መስክ የተፈቀደ መስክ አይደለም');
    expect(serverErrorText(body, en)).toBe(
      'Title is required, City is too long, mystery is not allowed',
    );
  });

  it("says how long a 429 asks to wait, as the server's English does, in Amharic too", () => {
    const limited = (retryAfter?: number) => ({
      msg: 'server words',
      code: ErrorCode.RATE_LIMITED,
      retryAfter,
    });
    expect(serverErrorText(limited(45), en)).toBe(
      'Too many attempts. Please try again in 45 seconds.',
    );
    expect(serverErrorText(limited(1), en)).toBe(
      'Too many attempts. Please try again in 1 second.',
    );
    expect(serverErrorText(limited(61), en)).toBe(
      'Too many attempts. Please try again in 2 minutes.',
    );
    expect(serverErrorText(limited(), en)).toBe('Too many attempts. Please try again in a moment.');
    expect(serverErrorText(limited(45), am)).toBe('በጣም ብዙ ሙከራዎች። እባክዎ በ45 ሰከንዶች ውስጥ እንደገና ይሞክሩ።');
    const backoff = { msg: 'x', code: ErrorCode.LOGIN_BACKOFF, retryAfter: 600 };
    expect(serverErrorText(backoff, am)).toBe(
      'ለዚህ መለያ ብዙ የተሳሳቱ የይለፍ ቃሎች ገብተዋል። እባክዎ በ10 ደቂቃዎች ውስጥ እንደገና ይሞክሩ።',
    );
  });

  it('falls back to the msg without a code, and to the caller text without a body', () => {
    expect(serverErrorText({ msg: 'Gateway timeout' }, am)).toBe('Gateway timeout');
    expect(apiErrorText(new ApiRequestError(500, {}), am, 'fallback')).toBe('fallback');
    expect(apiErrorText(new Error('x'), am, 'fallback')).toBe('fallback');
  });

  it('never shows the key of a code this build does not know: the caller text instead', () => {
    // A newer server's code, which no document of this build lists.
    const somethingNew = 'SOMETHING_NEW' as ErrorCode;
    const unknown = { code: somethingNew };
    expect(serverErrorText(unknown, en)).toBeUndefined();
    expect(serverErrorText({ ...unknown, msg: '' }, am)).toBeUndefined();
    expect(apiErrorText(new ApiRequestError(409, unknown), en, 'Could not save your RSVP')).toBe(
      'Could not save your RSVP',
    );
    // With a msg, the server's words still stand in.
    expect(serverErrorText({ ...unknown, msg: 'Something new happened' }, en)).toBe(
      'Something new happened',
    );
  });
});

describe('fieldErrorsByField', () => {
  const failure = new ApiRequestError(400, {
    msg: 'Validation failed',
    code: ErrorCode.VALIDATION_FAILED,
    errors: [
      { field: 'contact.email', msg: 'email must be an email', code: FieldErrorCode.INVALID_EMAIL },
      { field: 'contact.email', msg: 'email is too long', code: FieldErrorCode.TOO_LONG },
      { field: 'education.0.year', msg: 'Year is out of range', code: FieldErrorCode.OUT_OF_RANGE },
    ],
  });

  it("puts each field's first error under it, in the interface's language", () => {
    expect(fieldErrorsByField(failure, en)).toEqual({
      'contact.email': 'email must be an email',
      'education.0.year': 'Year is out of range',
    });
    expect(fieldErrorsByField(failure, am)['contact.email']).toBe('ኢሜይል ትክክለኛ የኢሜይል አድራሻ መሆን አለበት');
  });

  it("maps the server's names onto the form's, and has none for other failures", () => {
    const form = fieldErrorsByField(failure, en, (field) => field.replace(/^contact\./, ''));
    expect(Object.keys(form)).toEqual(['email', 'education.0.year']);
    expect(fieldErrorsByField(new Error('offline'), en)).toEqual({});
  });
});
