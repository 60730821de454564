import { describe, expect, it } from 'vitest';
import { dateFormat } from './intlFormat';

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
