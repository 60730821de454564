/** The Ethiopic web font's faces (libs/ui fonts.css), in the two weights the screens use. */
const FACES = ['400 16px "Noto Sans Ethiopic"', '700 16px "Noto Sans Ethiopic"'];
/** An Ethiopic letter, so the faces' unicode-range selects them. */
const SAMPLE = 'ሀ';
/** How long Amharic texts wait for the font: the page stays in the language it shows meanwhile. */
export const ETHIOPIC_FONT_WAIT_MS = 3000;

/**
 * Starts loading the Ethiopic font and resolves once it is there, or after `waitMs` on a slow
 * link (the font then swaps in when it arrives), so switching to Amharic draws no boxes.
 */
export function ethiopicFontLoaded(waitMs = ETHIOPIC_FONT_WAIT_MS): Promise<void> {
  // No font loading API (server rendering, jsdom): nothing to wait for.
  if (typeof document === 'undefined' || !('fonts' in document)) return Promise.resolve();
  const loaded = Promise.all(FACES.map((font) => document.fonts.load(font, SAMPLE))).then(
    () => undefined,
    () => undefined,
  );
  const late = new Promise<void>((resolve) => setTimeout(resolve, waitMs));
  return Promise.race([loaded, late]);
}
