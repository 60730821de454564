import { ApiRequestError } from '@diaspora/api-client';
import { describe, expect, it } from 'vitest';
import {
  checkImages,
  checkVideos,
  emptyForm,
  MAX_VIDEO_BYTES,
  priceAmount,
  saveErrorMessage,
  toFormData,
} from './eventForm';

const file = (name: string, size: number) => ({ name, size }) as unknown as File;

const texts = {
  validation: (messages: string) => `Validation Error: ${messages}`,
  uploadNotConfigured: 'upload off',
  paymentNotConfigured: 'payment off',
  unavailable: 'Service temporarily unavailable. Please try again later.',
  failed: 'Failed to save event. Please try again.',
};

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

  it('maps save errors as spec 8 orders them', () => {
    const error = (status: number, body: object) => new ApiRequestError(status, body);
    expect(
      saveErrorMessage(
        error(400, {
          msg: 'x',
          errors: [{ field: 'title', msg: 'Title is required' }, { msg: 'Time is required' }],
        }),
        texts,
      ),
    ).toBe('Validation Error: Title is required, Time is required');
    expect(saveErrorMessage(error(400, { error: 'Bad thing' }), texts)).toBe('Bad thing');
    expect(saveErrorMessage(error(503, { code: 'UPLOAD_SERVICE_NOT_CONFIGURED' }), texts)).toBe(
      'upload off',
    );
    expect(saveErrorMessage(error(503, { code: 'STRIPE_NOT_CONFIGURED' }), texts)).toBe(
      'payment off',
    );
    expect(saveErrorMessage(error(503, {}), texts)).toBe(texts.unavailable);
    expect(saveErrorMessage(error(413, { msg: 'big.mp4 is too large' }), texts)).toBe(
      'big.mp4 is too large',
    );
    expect(saveErrorMessage(new Error('boom'), texts)).toBe(texts.failed);
  });
});
