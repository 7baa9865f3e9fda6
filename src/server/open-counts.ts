/**
 * How many of something each key (an address) holds open now: counted when taken, given back when
 * it ends. The per-address limits on connections, websockets and unanswered API requests all
 * keep such a count; a key holding nothing has no entry, so the map stays as small as what is open.
 */
export class OpenCounts {
  private readonly open = new Map<string, number>();

  /** Counts one more for the key unless it already holds `max`; says whether it did. */
  take(key: string, max: number): boolean {
    const count = this.open.get(key) ?? 0;
    if (count >= max) return false;
    this.open.set(key, count + 1);
    return true;
  }

  /** Gives one back, once what was taken has ended. */
  release(key: string): void {
    const left = (this.open.get(key) ?? 1) - 1;
    if (left <= 0) this.open.delete(key);
    else this.open.set(key, left);
  }
}
