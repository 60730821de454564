import { afterEach, describe, expect, it, vi } from 'vitest';
import { ethiopicFontLoaded } from './ethiopicFont';

/** A document whose font set loads as `load` says (the node environment has no document). */
function withFonts(load: (font: string, text: string) => Promise<unknown>) {
  const fonts = { load: vi.fn(load) };
  vi.stubGlobal('document', { fonts });
  return fonts;
}

describe('ethiopicFontLoaded', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('loads both weights of the Ethiopic face for Ethiopic text and resolves when they are there', async () => {
    let arrive: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const fonts = withFonts(() => arrived);
    let done = false;
    const ready = ethiopicFontLoaded(60_000).then(() => (done = true));
    expect(fonts.load.mock.calls.map(([font]) => font)).toEqual([
      '400 16px "Noto Sans Ethiopic"',
      '700 16px "Noto Sans Ethiopic"',
    ]);
    for (const [, text] of fonts.load.mock.calls) expect(text).toMatch(/^[\u1200-\u137f]+$/);
    await Promise.resolve();
    expect(done).toBe(false);
    arrive();
    await ready;
    expect(done).toBe(true);
  });

  it('stops waiting after the given time on a slow link, and when the font fails', async () => {
    vi.useFakeTimers();
    withFonts(() => new Promise(() => undefined));
    let done = false;
    const ready = ethiopicFontLoaded(3000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(2999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await ready;
    expect(done).toBe(true);

    withFonts(() => Promise.reject(new Error('network')));
    await expect(ethiopicFontLoaded(60_000)).resolves.toBeUndefined();
  });

  it('waits for nothing without a font loading API (server rendering)', async () => {
    await expect(ethiopicFontLoaded()).resolves.toBeUndefined();
  });
});
