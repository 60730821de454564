import { ApiRequestError, ErrorCode, FieldErrorCode } from '@diaspora/api-client';
import { i18n } from '@diaspora/i18n';
import { newEvent } from '@diaspora/test-support';
import { describe, expect, it } from 'vitest';
import {
  checkImages,
  checkVideos,
  emptyForm,
  formFromEvent,
  MAX_VIDEO_BYTES,
  missingFields,
  priceAmount,
  saveErrorMessage,
  toFormData,
} from './eventFormModel';

const file = (name: string, size: number) => ({ name, size }) as unknown as File;

const en = i18n.getFixedT('en', 'events');
const am = i18n.getFixedT('am', 'events');

describe('event form model', () => {
  it('drops every selected video when one is over 20MB, naming it with its size', () => {
    const tooBig = checkVideos(
      [file('small.mp4', 1000), file('big.mp4', MAX_VIDEO_BYTES + 1024 * 1024)],
      (name, size) => `${name} is too large (${size}MB). Maximum size is 20MB.`,
    );
    expect(tooBig).toEqual({
      accepted: [],
      errors: ['big.mp4 is too large (21.00MB). Maximum size is 20MB.'],
    });
    const fine = checkVideos([file('a.mp4', MAX_VIDEO_BYTES)], () => 'x');
    expect(fine.accepted).toHaveLength(1);
  });

  it('refuses images over the server cap of 20MB the same way', () => {
    const tooLarge = (name: string, size: string) => `${name} ${size}`;
    expect(checkImages([file('a.png', MAX_VIDEO_BYTES)], tooLarge).accepted).toHaveLength(1);
    expect(checkImages([file('b.png', MAX_VIDEO_BYTES + 1)], tooLarge)).toEqual({
      accepted: [],
      errors: ['b.png 20.00'],
    });
  });

  it("lists spec 5's required fields left empty or blank, in the form's order", () => {
    expect(missingFields(emptyForm())).toEqual([
      'title',
      'description',
      'date',
      'time',
      'locationName',
      'country',
    ]);
    expect(
      missingFields({ ...emptyForm(), title: 'Gala', description: '  ', country: 'Canada' }),
    ).toEqual(['description', 'date', 'time', 'locationName']);
  });

  it('turns non-numeric prices into 0 and keeps cents', () => {
    expect(priceAmount('abc')).toBe(0);
    expect(priceAmount('-3')).toBe(0);
    expect(priceAmount('12.345')).toBe(12.35);
  });

  it('builds the multipart fields of spec 7, pricing only when paid', () => {
    const values = {
      ...emptyForm(),
      title: ' Gala ',
      description: 'Night',
      date: '2030-01-02',
      time: '18:00',
      locationName: 'Hall',
      country: 'Canada',
    };
    const free = toFormData(values, { images: [], videos: [] }, false);
    expect(free.get('title')).toBe('Gala');
    expect(free.get('isFree')).toBe('true');
    expect(free.get('category')).toBe('cultural');
    expect(free.get('pricing')).toBeNull();
    expect(JSON.parse(free.get('location') as string)).toEqual({ name: 'Hall', country: 'Canada' });
    expect(free.get('existingImages')).toBeNull();

    const paid = toFormData(
      {
        ...values,
        isPaid: true,
        prices: { ...values.prices, general: { amount: 'x' }, vip: { amount: '50' } },
      },
      { images: [], videos: [] },
      true,
    );
    expect(JSON.parse(paid.get('pricing') as string)).toEqual({
      general: { amount: 0, currency: 'usd' },
      vip: { amount: 50, currency: 'usd' },
    });
    expect(paid.get('existingImages')).toBe('[]');
  });

  it("keeps a paid event's currency when it is edited (the form has no currency field)", () => {
    const event = newEvent({
      isFree: false,
      pricing: { student: { amount: 15, currency: 'eur' }, vip: { amount: 40, currency: 'eur' } },
    });
    const edited = formFromEvent(event);
    edited.prices.general = { amount: '25' };
    const form = toFormData(edited, { images: [], videos: [] }, true);
    expect(JSON.parse(form.get('pricing') as string)).toEqual({
      general: { amount: 25, currency: 'eur' },
      student: { amount: 15, currency: 'eur' },
      vip: { amount: 40, currency: 'eur' },
    });
  });

  it('sends the updatedAt it was opened with on edit only', () => {
    const event = newEvent({ updatedAt: '2026-03-06T08:30:00.456Z' });
    const files = { images: [], videos: [] };
    expect(toFormData(formFromEvent(event), files, true).get('updatedAt')).toBe(
      '2026-03-06T08:30:00.456Z',
    );
    expect(toFormData(emptyForm(), files, false).get('updatedAt')).toBeNull();
  });

  it('says an edit conflict in English and Amharic', () => {
    const conflict = new ApiRequestError(409, {
      msg: 'changed',
      code: ErrorCode.EDIT_CONFLICT,
    });
    expect(saveErrorMessage(conflict, en)).toBe(
      'This item was changed by someone else while you were editing. Reload it to see their changes, then save again.',
    );
    expect(saveErrorMessage(conflict, am)).not.toMatch(/[A-Za-z]/);
  });

  it('maps save errors as spec 8 orders them', () => {
    const error = (status: number, body: object) => new ApiRequestError(status, body);
    const fieldErrors = error(400, {
      msg: 'x',
      code: ErrorCode.VALIDATION_FAILED,
      errors: [
        { field: 'title', msg: 'Title is required', code: FieldErrorCode.REQUIRED },
        { msg: 'Time is required' },
      ],
    });
    expect(saveErrorMessage(fieldErrors, en)).toBe(
      'Validation Error: Title is required, Time is required',
    );
    expect(saveErrorMessage(error(400, { error: 'Bad thing' }), en)).toBe('Bad thing');
    const uploadOff = error(503, { code: ErrorCode.UPLOAD_SERVICE_NOT_CONFIGURED });
    expect(saveErrorMessage(uploadOff, en)).toBe(
      'File upload service is not configured. Please contact the administrator to set up the media upload service.',
    );
    const paymentOff = error(503, { code: ErrorCode.STRIPE_NOT_CONFIGURED });
    expect(saveErrorMessage(paymentOff, en)).toMatch(/^Payment processing is not configured/);
    expect(saveErrorMessage(error(503, {}), en)).toBe(
      'Service temporarily unavailable. Please try again later.',
    );
    const tooLarge = error(413, { msg: 'big.mp4 is too large', code: ErrorCode.FILE_TOO_LARGE });
    expect(saveErrorMessage(tooLarge, en)).toBe('big.mp4 is too large');
    expect(saveErrorMessage(new Error('boom'), en)).toBe('Failed to save event. Please try again.');
  });

  it('says the same errors in Amharic', () => {
    const error = (status: number, body: object) => new ApiRequestError(status, body);
    const uploadOff = error(503, { code: ErrorCode.UPLOAD_SERVICE_NOT_CONFIGURED });
    expect(saveErrorMessage(uploadOff, am)).toMatch(/^የፋይል መስቀያ አገልግሎቱ አልተዋቀረም/);
    const required = error(400, {
      code: ErrorCode.VALIDATION_FAILED,
      errors: [{ field: 'title', msg: 'Title is required', code: FieldErrorCode.REQUIRED }],
    });
    expect(saveErrorMessage(required, am)).not.toMatch(/[A-Za-z]/);
  });
});
