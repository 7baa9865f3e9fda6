import { setTimeout as sleep } from 'node:timers/promises';

/** Waits until `check` holds, polling every 10 ms; throws naming `what` after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(10);
  }
}

/** Reads until `ok` holds of what was read, and returns it; throws naming `what` after `ms`. */
export async function untilRead<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms: number, what: string): Promise<T> {
  let value = await read();
  await until(async () => ok((value = await read())), ms, what);
  return value;
}
