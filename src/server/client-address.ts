/**
 * The address a request comes from, the key of the per-address limits. Behind one reverse proxy
 * (TRUST_PROXY) it is the last X-Forwarded-For entry, the one that proxy wrote: entries before it
 * are whatever the client chose to send.
 */
import type { IncomingMessage } from 'node:http';

export function clientAddress(req: Pick<IncomingMessage, 'headers' | 'socket'>, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-for'];
  const last = trustProxy ? (Array.isArray(forwarded) ? forwarded.join(',') : forwarded)?.split(',').pop()?.trim() : undefined;
  return last || req.socket.remoteAddress || 'unknown';
}
