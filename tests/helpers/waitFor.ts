/** Reads `read` until `done` holds of its value or `ms` pass (then the last value is returned, for the test to judge). */
export async function waitFor<T>(read: () => T | Promise<T>, done: (value: T) => boolean, ms: number, everyMs = 50): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    value = await read();
  }
  return value;
}
