/**
 * People who sign in or play from one network address are not rated against each other. Without
 * it one person could seat their own guest accounts at a table and lose with all of them but one:
 * a security review took a new account from 1500 to 2525 in two minutes, 17 wins in 20 games, to
 * the top of the leaderboard. Every sign-in, and every signed-in request and websocket after it
 * (`AddressNotes`), notes a tag of its address (the key the per-address limits count by, an IPv6
 * client widened to its /56: `householdOf`); a game in which two of the people share a tag noted
 * in the last ADDRESS_MEMORY_MS is not rated (ratings.ts), and its people are told so in its
 * lobby first (lobbies.ts `sharedAddress`).
 *
 * A tag is an HMAC of the address under the server's session secret: the table tells which
 * accounts met at one address, not the address, and a tag cannot be tried against the 2^32 IPv4
 * addresses without the secret. A server where every player comes from one address (a club's own
 * network) turns this off with RATE_SHARED_ADDRESSES=1, and then notes nothing.
 */
import { createHmac } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** How long an address noted counts: long enough to span a farmer's evenings, short enough that a café visit is forgotten. */
export const ADDRESS_MEMORY_MS = 30 * 24 * 60 * 60_000;

/** An address's tag, or null for an address not known (no socket address) or when nothing is noted. */
export type AddressTagger = (addressKey: string) => string | null;

export function addressTagger(secret: string, rateSharedAddresses: boolean): AddressTagger {
  return (addressKey) => (rateSharedAddresses || addressKey === 'unknown' ? null : createHmac('sha256', secret).update(`address ${householdOf(addressKey)}`).digest('base64url').slice(0, 22));
}

/**
 * The network one home is given, from a per-address limits' key: an IPv4 address as it is, an
 * IPv6 /64 widened to its /56. A home is commonly handed a /56 (256 /64s), so a /64 per account was
 * one more account with nothing but a different /64 of the same line (a review's suggestion).
 */
export function householdOf(addressKey: string): string {
  const v6 = /^([0-9a-f]+):([0-9a-f]+):([0-9a-f]+):([0-9a-f]+)::\/64$/.exec(addressKey);
  if (!v6) return addressKey;
  return `${v6[1]}:${v6[2]}:${v6[3]}:${(parseInt(v6[4]!, 16) & 0xff00).toString(16)}::/56`;
}

/** Notes that `userID` signed in from or used the address tagged `tag` at `at`, and forgets their tags older than the memory. */
async function noteAddress(db: Executor, userID: string, tag: string | null, at: number): Promise<void> {
  if (tag === null) return;
  await db.deleteFrom('account_addresses').where('user_id', '=', userID).where('seen_at', '<', at - ADDRESS_MEMORY_MS).execute();
  await db
    .insertInto('account_addresses')
    .values({ user_id: userID, address_tag: tag, seen_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'address_tag']).doUpdateSet({ seen_at: at }))
    .execute();
}

/** Each of `userIDs`' address tags noted within the memory before `at`, in one read. */
export async function addressTags(db: Executor, userIDs: readonly string[], at: number): Promise<Map<string, string[]>> {
  const tags = new Map<string, string[]>();
  if (userIDs.length < 2) return tags;
  const rows = await db
    .selectFrom('account_addresses')
    .select(['user_id', 'address_tag'])
    .where('user_id', 'in', [...new Set(userIDs)])
    .where('seen_at', '>=', at - ADDRESS_MEMORY_MS)
    .execute();
  for (const row of rows) tags.set(row.user_id, [...(tags.get(row.user_id) ?? []), row.address_tag]);
  return tags;
}

/** Whether two of the people at one table (`userIDs`; a bot has no tags) share a tag. */
export function shareAnAddress(tags: ReadonlyMap<string, readonly string[]>, userIDs: readonly string[]): boolean {
  // A person's own tags are distinct (one row each), so a tag seen twice is two people's.
  const seen = new Set<string>();
  for (const userID of new Set(userIDs)) {
    for (const tag of tags.get(userID) ?? []) {
      if (seen.has(tag)) return true;
      seen.add(tag);
    }
  }
  return false;
}

/** How often one person's use of one address is written down again, per server instance. */
const NOTE_EVERY_MS = 60 * 60_000;
/** Pairs remembered between writes; past it the memory starts again (a write more each, no more). */
const MAX_REMEMBERED = 50_000;

/**
 * The addresses people act from, not only sign in from: an account signed in once elsewhere (a
 * phone's hotspot, a café) and then played from home with the others was rated (a review's farm
 * went 8 rated games that way). Every signed-in request and websocket notes its address through
 * here (auth/caller.ts), written at most once an hour per person and address on each instance, in
 * the background: a call never waits for it.
 */
export class AddressNotes {
  private readonly written = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly tag: AddressTagger,
    private readonly now: () => number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** A call's address, noted in the background: the call never waits for it. */
  seen(userID: string, addressKey: string): void {
    this.note(userID, addressKey).catch((error: unknown) => this.onError(error));
  }

  /**
   * Notes `userID` at `addressKey` unless this instance wrote it within the hour. Awaited by a
   * sign-in (users.ts), whose first call after it then finds it written.
   */
  async note(userID: string, addressKey: string): Promise<void> {
    const key = `${userID} ${addressKey}`;
    const at = this.now();
    const last = this.written.get(key);
    if (last !== undefined && at - last < NOTE_EVERY_MS) return;
    const tag = this.tag(addressKey);
    if (tag === null) return;
    if (this.written.size >= MAX_REMEMBERED) this.written.clear();
    this.written.set(key, at);
    try {
      await noteAddress(this.db, userID, tag, at);
    } catch (error) {
      this.written.delete(key);
      throw error;
    }
  }
}
