/** Jest has no `expect.poll`: retries `check` until it passes (returns without throwing) or the time is up. */
export async function eventually<T>(check: () => Promise<T> | T, { timeoutMs = 30_000, intervalMs = 100 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
