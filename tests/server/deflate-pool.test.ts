/**
 * The shared deflate streams (src/server/delivery/socket-compression.ts): many sockets sent the
 * same large messages receive them whole, on the wire byte for byte as ws's own per-socket
 * streams deflate them, while the pool never holds more than ws deflates at once (10).
 */
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { PER_MESSAGE_DEFLATE, deflateServerFromPool, type DeflatePool } from '../../src/server/delivery/socket-compression.js';

const SOCKETS = 40;
const MESSAGES = Array.from({ length: 15 }, (_, i) => JSON.stringify({ step: i, cards: Array.from({ length: 60 + i * 25 }, (_, j) => ({ id: j, name: `card-${(j * 7 + i) % 13}`, cost: j % 5 })) }));

/** Every socket is sent every message; returns what each client got, one client's raw bytes, and the pool. */
async function sendAll(pooled: boolean): Promise<{ got: string[][]; wire: Buffer; pool: DeflatePool | null }> {
  const wss = new WebSocketServer({ port: 0, perMessageDeflate: PER_MESSAGE_DEFLATE });
  const pool = pooled ? deflateServerFromPool(wss) : null;
  const accepted: WebSocket[] = [];
  wss.on('connection', (s) => accepted.push(s));
  await new Promise((resolve) => wss.once('listening', resolve));
  const { port } = wss.address() as { port: number };
  const clients = await Promise.all(
    Array.from({ length: SOCKETS }, () =>
      new Promise<{ ws: WebSocket; wire: Buffer[]; got: string[] }>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: true });
        const client = { ws, wire: [] as Buffer[], got: [] as string[] };
        ws.on('open', () => {
          (ws as unknown as { _socket: Socket })._socket.on('data', (chunk: Buffer) => client.wire.push(chunk));
          resolve(client);
        });
        ws.on('message', (m) => client.got.push(m.toString()));
      }),
    ),
  );
  while (accepted.length < SOCKETS) await new Promise((resolve) => setTimeout(resolve, 10));
  for (const message of MESSAGES) for (const s of accepted) s.send(message);
  while (clients.some((c) => c.got.length < MESSAGES.length)) await new Promise((resolve) => setTimeout(resolve, 20));
  for (const c of clients) c.ws.close();
  await new Promise((resolve) => wss.close(resolve));
  return { got: clients.map((c) => c.got), wire: Buffer.concat(clients[0]!.wire), pool };
}

describe('deflate streams shared by the sockets', () => {
  it('deliver every message whole, in the same bytes as ws, from at most 10 streams', async () => {
    const own = await sendAll(false);
    const shared = await sendAll(true);
    for (const got of shared.got) expect(got).toEqual(MESSAGES);
    // Deflated: far fewer bytes than the JSON (so the pool was used, not skipped).
    const json = MESSAGES.reduce((sum, m) => sum + m.length, 0);
    expect(shared.wire.length).toBeLessThan(json / 2);
    expect(shared.wire.equals(own.wire)).toBe(true);
    expect(shared.pool!.created).toBeGreaterThan(0);
    expect(shared.pool!.created).toBeLessThanOrEqual(10);
  });
});
