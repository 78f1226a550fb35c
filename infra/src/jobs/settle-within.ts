/**
 * Waits for `work` at most `ms`; true when it settled in time. A rejection counts as settled
 * and goes to `onError`: during shutdown a failing close must not stop the others.
 */
export async function settleWithin(work: Promise<unknown>, ms: number, onError: (err: unknown) => void): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = work.then(() => true as const, (err: unknown) => {
    onError(err);
    return true as const;
  });
  try {
    return await Promise.race([settled, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
