/**
 * Work serialised per key in this process: `run(key, work)` starts `work` once everything queued
 * earlier under the same key has settled (fulfilled or not), and answers what `work` answers.
 * A key is forgotten as soon as nothing is queued under it, so the map holds only busy keys
 * however many games, lobbies or hosts come and go.
 */
export class SerialQueue {
  /** Per busy key, the settling of the last work queued (never rejects). */
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = (this.tails.get(key) ?? Promise.resolve()).then(work);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, settled);
    void settled.then(() => {
      if (this.tails.get(key) === settled) this.tails.delete(key);
    });
    return run;
  }

  /** The keys with work queued or running. */
  get busyKeys(): number {
    return this.tails.size;
  }

  /** Settles once all the work queued so far has. */
  async idle(): Promise<void> {
    await Promise.all(this.tails.values());
  }
}
