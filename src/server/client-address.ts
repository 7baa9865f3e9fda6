/**
 * The address a request comes from, the key of the per-address limits. Behind one reverse proxy
 * (TRUST_PROXY) it is the last X-Forwarded-For entry, the one that proxy wrote: entries before it
 * are whatever the client chose to send.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { isIP, isIPv6 } from 'node:net';

/** What an address is read from: a request's headers and, when it has one, its socket. */
export interface AddressSource {
  headers: IncomingHttpHeaders;
  socket?: { remoteAddress?: string | undefined } | undefined;
}

export function clientAddress(req: AddressSource, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-for'];
  const last = trustProxy ? (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',').pop()?.trim() : undefined;
  // The proxy writes an address; anything else there (a client's text passed along) is not one,
  // and would be a key of the client's choosing.
  const proxied = last !== undefined && isIP(last) !== 0 ? last : undefined;
  return addressKey(proxied || req.socket?.remoteAddress || 'unknown');
}

/**
 * The key one client's limits are counted under. An IPv4 address is its own key, written the
 * same whether it came over IPv4 or as an IPv4-mapped IPv6 address. An IPv6 client is counted by
 * its /64: one subscriber is handed a whole /64, so keying by the full address would give them
 * as many guests, sockets and chat budgets as they cared to pick addresses.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const groups = head === '' ? [] : head.split(':');
  if (tail !== undefined) {
    const rest = tail === '' ? [] : tail.split(':');
    // A trailing dotted quad fills two groups; only the first four matter here.
    const fill = 8 - groups.length - rest.length - (rest.at(-1)?.includes('.') ? 1 : 0);
    groups.push(...Array<string>(Math.max(0, fill)).fill('0'), ...rest);
  }
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The IPv6 /48 an address key (`addressKey`) belongs to, or null for an IPv4 key: what one site
 * is handed, 65,536 /64s, each an address of its own to the per-address limits
 * (services/network-limit.ts counts some of them by the /48 too).
 */
export function networkOf(addressKey: string): string | null {
  const v6 = /^([0-9a-f]+):([0-9a-f]+):([0-9a-f]+):[0-9a-f]+::\/64$/.exec(addressKey);
  return v6 ? `${v6[1]}:${v6[2]}:${v6[3]}::/48` : null;
}
