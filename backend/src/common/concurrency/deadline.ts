/**
 * `work` or a rejection after `ms`, whichever comes first: a probe of a dependency that hangs
 * still answers (health, readiness, the System view). The timer never keeps the process alive.
 */
export async function withinDeadline<T>(work: () => Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
        timer.unref();
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
