/**
 * Retries an assertion until it passes or the deadline is reached (projections are updated just after
 * a commit). It polls quickly (5 ms, then up to every 50 ms), so a check that passes soon costs little;
 * the default deadline is generous, so that a busy machine reads as slow, not as a failure.
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 5; ; pause = Math.min(pause * 2, 50)) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
