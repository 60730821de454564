import { describe, expect, it } from 'vitest';
import { dateFormat, numberFormat } from './intlFormat';

describe('dateFormat', () => {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

  it('formats as a new Intl.DateTimeFormat with the same locale and options would', () => {
    const date = new Date('2026-03-15T12:00:00Z');
    expect(dateFormat('en-US', options).format(date)).toBe(
      new Intl.DateTimeFormat('en-US', options).format(date),
    );
    expect(dateFormat('am-ET', options).format(date)).toBe(
      new Intl.DateTimeFormat('am-ET', options).format(date),
    );
  });

  it('builds one formatter per locale and options, and reuses it', () => {
    expect(dateFormat('en-US', { ...options })).toBe(dateFormat('en-US', options));
    expect(dateFormat('am-ET', options)).not.toBe(dateFormat('en-US', options));
    expect(dateFormat('en-US', { ...options, timeZone: 'UTC' })).not.toBe(
      dateFormat('en-US', options),
    );
  });
});

describe('numberFormat', () => {
  it('formats as a new Intl.NumberFormat would, one formatter per locale and options', () => {
    expect(numberFormat('en-US').format(1250)).toBe(new Intl.NumberFormat('en-US').format(1250));
    expect(numberFormat('am-ET').format(1250)).toBe(new Intl.NumberFormat('am-ET').format(1250));
    expect(numberFormat('en-US')).toBe(numberFormat('en-US', {}));
    const usd = { style: 'currency', currency: 'USD' } as const;
    expect(numberFormat('en-US', usd)).not.toBe(numberFormat('en-US'));
    expect(numberFormat('en-US', usd).format(15)).toBe('$15.00');
  });
});
