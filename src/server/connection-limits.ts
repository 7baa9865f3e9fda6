/**
 * What one address may hold in plain connections. Every connection holds a file descriptor
 * whether it ever sends a request or not, and the HTTP timeouts only close an idle one after a
 * while: a client that opens connections faster than they time out, and reopens them as they
 * close, would otherwise hold every descriptor the process has and lock everyone else out.
 *
 * - Open connections per address (MAX_CONNECTIONS_PER_ADDRESS), over every port one app serves,
 *   counted as each is accepted, before any request: the one past it is answered with 429 and
 *   closed. Behind a reverse proxy (TRUST_PROXY) every connection comes from the proxy, so only
 *   the proxy can count clients: this limit is off there, and the proxy's own must stand in.
 * - Open connections in all (MAX_CONNECTIONS), per port: Node refuses the one past it, so some
 *   descriptors are always left for the database and the log however many addresses take part.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from './client-address.js';
import { OpenCounts } from './open-counts.js';

export class ConnectionBudget {
  private readonly open = new OpenCounts();

  /** `maxPerAddress` null counts nothing per address (behind a proxy). */
  constructor(
    readonly maxPerAddress: number | null,
    readonly maxInAll: number,
  ) {}

  /** Applies the limits to a server's connections (called for each port). */
  watch(server: Server): void {
    server.maxConnections = this.maxInAll;
    // Before the HTTP server's own listener: a refused connection is never parsed as a request.
    server.prependListener('connection', (socket: Socket) => this.admit(socket));
  }

  private admit(socket: Socket): void {
    if (this.maxPerAddress === null) return;
    const address = addressKey(socket.remoteAddress ?? 'unknown');
    if (!this.open.take(address, this.maxPerAddress)) {
      const text = `Too many open connections from this address: at most ${this.maxPerAddress}.`;
      socket.end(`HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain\r\nX-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
      // Whatever the client sends meanwhile is not read: the socket goes once the answer is out.
      socket.once('finish', () => socket.destroy());
      return;
    }
    socket.once('close', () => this.open.release(address));
  }
}
