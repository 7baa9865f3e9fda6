/**
 * Limits counted per address and, for an IPv6 address, per its /48 too. The per-address limits
 * count an IPv6 client by its /64 (client-address.ts), and a /48 (what one site is handed, or a
 * free tunnel broker's allocation) is 65,536 of them: counted by the /64 alone, one /48 made 1,000
 * guest accounts in 6.6 s, and its fresh accounts, spread over 40 of its /64s, started 1,200 games
 * in 50 s where one IPv4 address may start 30 (LOBBIES_PER_ADDRESS), and sent 300 chat messages to
 * one room in 3.3 s where an IPv4 address may send 15 in 5 s. The limits across accounts (guest
 * accounts, lobbies opened, games started, chat messages) give the /48 a few addresses' worth,
 * across instances as the address's own count is.
 */
import type { Db } from '../db/database.js';
import { networkOf } from '../client-address.js';
import { sharedRateLimit, type Limiter } from './shared-rate-limit.js';

/**
 * How many addresses' worth one IPv6 /48 may do of what these limits count: room for a site's few
 * households, or a carrier's phones, behind one /48.
 */
export const ADDRESSES_PER_NETWORK = 4;

/** A per-address limit, and the same for each IPv6 /48 with ADDRESSES_PER_NETWORK times its room (null: the /48 not counted). */
export interface AddressLimit {
  address: Limiter;
  network: Limiter | null;
}

export function addressLimit(db: Db, scope: string, limit: number, windowMs: number, now: () => number): AddressLimit {
  return {
    address: sharedRateLimit(db, scope, limit, windowMs, now),
    network: sharedRateLimit(db, `${scope}_network`, ADDRESSES_PER_NETWORK * limit, windowMs, now),
  };
}

/** Why an event was refused: its address's limit, or its /48's (`network`), with that limit's number. */
export interface AddressRefusal {
  network: boolean;
  limit: number;
}

/**
 * Counts an event from `addressKey`: null when both allow it, else which refused it. The /48 is
 * not counted for an event its address refused (nor is an IPv4 address's, which has none).
 */
export async function takeFor(limit: AddressLimit, addressKey: string): Promise<AddressRefusal | null> {
  if (!(await limit.address.take(addressKey))) return { network: false, limit: limit.address.limit };
  const network = networkOf(addressKey);
  if (network !== null && limit.network && !(await limit.network.take(network))) return { network: true, limit: limit.network.limit };
  return null;
}
