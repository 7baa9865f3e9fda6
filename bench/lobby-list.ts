/**
 * What the lobby list's watchers cost the server while one lobby changes:
 *   npx tsx bench/lobby-list.ts [--lobbies 200] [--watchers 200] [--seconds 10] [--every 250]
 * The real server (`npm start`'s build, SQLite) with `--lobbies` full eight-seat lobbies (a host
 * and seven bots each), `--watchers` people watching `lobbies.onList` on their own websockets,
 * which ask for permessage-deflate as browsers do; then for `--seconds` one host toggles an option
 * of one lobby every `--every` ms. Printed: the messages each watcher received, the bytes on the
 * wire a watcher per message (deflated, as received), and the server's CPU in the window.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { buildServerIfStale } from '../bin/build-server.mjs';
import { guest } from '../tests/compat/protocol-client.js';
import { startServerProcess } from '../tests/server-robustness/helpers.js';
import { benchOptions, numberOption } from './options.js';

const options = benchOptions({
  lobbies: { type: 'string', default: '200' },
  watchers: { type: 'string', default: '200' },
  seconds: { type: 'string', default: '10' },
  every: { type: 'string', default: '250' },
});
const LOBBIES = numberOption('lobbies', options.lobbies);
const WATCHERS = numberOption('watchers', options.watchers);
const SECONDS = numberOption('seconds', options.seconds);
const EVERY_MS = numberOption('every', options.every);

/** A tRPC websocket of one person, spoken raw: calls answered by id, subscription data counted. */
class Socket {
  private next = 1;
  private readonly pending = new Map<number, (message: { result?: { data?: unknown }; error?: { message: string } }) => void>();
  messages = 0;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw: Buffer) => {
      const text = raw.toString();
      if (text === 'PING') return socket.send('PONG');
      if (text === 'PONG') return;
      const message = JSON.parse(text) as { id: number; result?: { type?: string; data?: unknown }; error?: { message: string } };
      const answer = this.pending.get(message.id);
      if (answer) {
        this.pending.delete(message.id);
        answer(message);
      } else if (message.result?.type === 'data') this.messages += 1;
    });
  }

  static async open(url: string, jwt: string): Promise<Socket> {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/trpc?jwt=${encodeURIComponent(jwt)}`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new Socket(socket);
  }

  call<T>(method: 'query' | 'mutation', procedure: string, input?: unknown): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, (message) => (message.error ? reject(new Error(message.error.message)) : resolve(message.result?.data as T)));
      this.socket.send(JSON.stringify({ id, method, params: { path: procedure, input } }));
    });
  }

  subscribe(procedure: string): void {
    this.socket.send(JSON.stringify({ id: this.next++, method: 'subscription', params: { path: procedure } }));
  }

  /** Bytes read from the wire so far (deflated as sent). */
  get bytesRead(): number {
    return (this.socket as unknown as { _socket: { bytesRead: number } })._socket.bytesRead;
  }
}

/** The process's CPU seconds from /proc (user and system). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

buildServerIfStale();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mythos-lobby-list-'));
const server = await startServerProcess({ DATA_DIR: dataDir, NODE_ENV: 'production', SESSION_SECRET: 'bench-secret', GUEST_LOGINS_PER_ADDRESS: '100000', MAX_OPEN_LOBBIES_PER_USER: '100000' });
const sockets: Socket[] = [];
try {
  const hostSession = await guest(server.url, 'Host');
  const host = await Socket.open(server.url, hostSession.jwt);
  sockets.push(host);
  const lobbyIDs: string[] = [];
  for (let i = 0; i < LOBBIES; i++) {
    const { id } = await host.call<{ id: string }>('mutation', 'lobbies.create');
    for (let bot = 0; bot < 7; bot++) await host.call('mutation', 'lobbies.addBot', { lobbyID: id, botType: 'easy_bot' });
    lobbyIDs.push(id);
  }
  const watchers: Socket[] = [];
  for (let i = 0; i < WATCHERS; i++) {
    const session = await guest(server.url, `Watcher ${i}`);
    const watcher = await Socket.open(server.url, session.jwt);
    watcher.subscribe('lobbies.onList');
    watchers.push(watcher);
  }
  sockets.push(...watchers);
  while (watchers.some((w) => w.messages === 0)) await sleep(50);
  // Quiet for a moment, so the window starts with nothing in flight.
  await sleep(2_000);
  const listed = (await host.call<unknown[]>('query', 'lobbies.list')).length;
  const messagesBefore = watchers.map((w) => w.messages);
  const bytesBefore = watchers.map((w) => w.bytesRead);
  const cpuBefore = cpuSeconds(server.child.pid!);
  const started = Date.now();
  let toggles = 0;
  while (Date.now() - started < SECONDS * 1000) {
    await host.call('mutation', 'lobbies.setOption', { lobbyID: lobbyIDs[0], option: 'hideFavor', value: toggles % 2 === 0 });
    toggles += 1;
    await sleep(EVERY_MS);
  }
  // The last change always goes, within a second.
  await sleep(1_500);
  const cpu = cpuSeconds(server.child.pid!) - cpuBefore;
  const messages = watchers.reduce((sum, w, i) => sum + w.messages - messagesBefore[i]!, 0);
  const bytes = watchers.reduce((sum, w, i) => sum + w.bytesRead - bytesBefore[i]!, 0);
  console.log(`machine: ${os.cpus()[0]!.model.trim()} x${os.cpus().length}, node ${process.version}; load average now ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  console.log(`${listed} lobbies listed (${LOBBIES} made, each a host and seven bots), ${WATCHERS} watchers, ${toggles} toggles of one lobby in ${SECONDS} s`);
  console.log('| messages a watcher | wire bytes a watcher a message | wire MB in all | server CPU in the window | server CPU a message a watcher |');
  console.log('|---|---|---|---|---|');
  console.log(
    `| ${(messages / WATCHERS).toFixed(1)} | ${Math.round(bytes / Math.max(messages, 1)).toLocaleString('en')} | ${(bytes / 1e6).toFixed(1)} | ${cpu.toFixed(2)} s | ${((cpu / Math.max(messages, 1)) * 1e6).toFixed(0)} us |`,
  );
} finally {
  for (const socket of sockets) socket.socket.close();
  server.child.kill('SIGTERM');
  await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
