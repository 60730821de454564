/** Spec 9: how long a script chunk may take to load before the page says it failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A chunk that did not arrive in time (a stalled connection never fails by itself). */
export class ChunkLoadTimeout extends Error {
  constructor(ms: number) {
    super(`A script chunk did not load within ${ms / 1000} s`);
    this.name = 'ChunkLoadTimeout';
  }
}

/** `load()`, or a ChunkLoadTimeout once `ms` have passed without an answer. */
export function loadWithin<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeout(ms)), ms);
  });
  return Promise.race([load(), timeout]).finally(() => clearTimeout(timer));
}
