/**
 * The /channel websocket: `jwt` query parameter; messages `chat`, `subscribe`
 * and `unsubscribe`; topic messages delivered to matching subscribers, each game subscriber
 * getting its own view. Bad input gets an error message on the socket, never a crash; the pings
 * every socket of the server is sent (socket-limits.ts, dropNonReaders) close dead sockets.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { callerOf } from '../server/auth/caller.js';
import { clientAddress } from '../server/client-address.js';
import type { UserRow } from '../server/db/schema.js';
import { chatTopic } from '../server/services/chat.js';
import { tableView } from '../server/services/game-views.js';
import { INTERNAL_ERROR_MESSAGE, refusalOf, sentValue } from '../server/services/errors.js';
import { LOBBY_LIST_TOPIC, lobbyTopic } from '../server/services/lobbies.js';
import { OPENING_TOO_FAST, requestRefusal, SUBSCRIBING_TOO_FAST, type Services } from '../server/services/services.js';
import { closeUnread, sizeRequests } from '../server/delivery/socket-limits.js';
import { describeZodError } from './rest.js';
import { ID_PATTERN } from '../engine/index.js';

/** Messages one socket may have waiting to be handled; a client that waits for answers has one or two. */
export const MAX_WAITING_MESSAGES = 64;

/** The requests a /channel message counts as: one, whatever it holds, and one more for each whole 16 KB (socket-limits.ts). */
const messageRequests = (bytes: number): number => 1 + sizeRequests(bytes);

const messageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('chat'), room: z.string().min(1).max(80), message: z.string().max(2_000) }),
  z.object({ type: z.literal('subscribe'), topic: z.string().min(1).max(200) }),
  z.object({ type: z.literal('unsubscribe'), topic: z.string().min(1).max(200) }),
]);

type Topic =
  | { kind: 'lobby_list' }
  | { kind: 'lobby'; lobbyID: string }
  | { kind: 'game'; gameID: string }
  | { kind: 'inbox'; userID: string; gameID: string }
  | { kind: 'chat'; room: string };

const TOPICS: [RegExp, (m: RegExpExecArray) => Topic][] = [
  [/^lobby_list$/, () => ({ kind: 'lobby_list' })],
  [new RegExp(`^lobby/(${ID_PATTERN})$`), (m) => ({ kind: 'lobby', lobbyID: m[1]! })],
  [new RegExp(`^game/(${ID_PATTERN})$`), (m) => ({ kind: 'game', gameID: m[1]! })],
  [new RegExp(`^inbox/(${ID_PATTERN})/game/(${ID_PATTERN})$`), (m) => ({ kind: 'inbox', userID: m[1]!, gameID: m[2]! })],
  [new RegExp(`^chat/((?:lobby|game)/${ID_PATTERN})$`), (m) => ({ kind: 'chat', room: m[1]! })],
];

export function parseTopic(topic: string): Topic | null {
  for (const [pattern, make] of TOPICS) {
    const match = pattern.exec(topic);
    if (match) return make(match);
  }
  return null;
}

class Connection {
  private readonly subscriptions = new Map<string, () => void>();
  /** Set once the socket has closed: a subscription that finishes setting up after it is undone at once. */
  private closed = false;

  constructor(
    private readonly services: Services,
    private readonly socket: WebSocket,
    private readonly user: UserRow | null,
    private readonly address: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  send(message: unknown): void {
    this.sendText(JSON.stringify(message));
  }

  /**
   * Sent as it is, even to a client that agreed to permessage-deflate: the documented protocol
   * sends the whole game at every step, tens of kilobytes a message, which would cost the server a
   * millisecond of deflate per watcher per step, and queue up behind it (the web client's patches
   * are what compression is for: src/server/delivery/socket-compression.ts).
   */
  sendText(text: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(text, { compress: false });
  }

  error(message: string): void {
    this.send({ type: 'error', message });
  }

  /**
   * /channel's one error mapper: a refusal is an error message with its message; anything else
   * is logged and said to have gone wrong, nothing more.
   */
  failed(error: unknown): void {
    const refusal = refusalOf(error);
    if (!refusal) this.log.error({ err: error }, 'channel message failed');
    this.error(refusal ? refusal.message : INTERNAL_ERROR_MESSAGE);
  }

  /** Handles one message: its text, and its size as it came (`bytes`). */
  async handle(raw: string, bytes: number): Promise<void> {
    if (this.closed) return;
    // Every message is a request of the address, whatever it holds: read, refused or answered.
    // Past the limit the socket is closed, not only the message refused: receiving a large
    // message costs the server 0.4-1 ms however it is answered, so a socket that kept sending
    // would keep costing that (measured 2026-12-01).
    const tooMany = requestRefusal(this.services.requests, this.address, messageRequests(bytes));
    if (tooMany) {
      this.error(tooMany);
      this.closed = true;
      closeUnread(this.socket, tooMany);
      return;
    }
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return this.error('Invalid message: not JSON.');
    }
    const type = (data as { type?: unknown } | null)?.type;
    if (type === undefined) return this.error('Invalid message: it has no type.');
    if (typeof type !== 'string' || !['chat', 'subscribe', 'unsubscribe'].includes(type)) {
      return this.error(`Unknown message type: ${describe(type)}`);
    }
    const parsed = messageSchema.safeParse(data);
    if (!parsed.success) return this.error(describeZodError(parsed.error));
    const message = parsed.data;
    if (message.type === 'chat') {
      if (!this.user) return this.error('You must be logged in to chat.');
      await this.services.chat.send(this.user, message.room, message.message, this.address);
    } else if (message.type === 'subscribe') await this.subscribe(message.topic);
    else this.unsubscribe(message.topic);
  }

  private async subscribe(topicName: string): Promise<void> {
    const topic = parseTopic(topicName);
    if (!topic) return this.error(`Unknown topic: ${topicName}`);
    if (!this.user) return this.error(`You must be logged in to subscribe to ${topicName}.`);
    if (this.subscriptions.has(topicName)) return;
    if (this.subscriptions.size >= this.services.config.maxSubscriptionsPerSocket) return this.error('Too many subscriptions.');
    if (!this.services.subscriptionStarts.take(this.address)) return this.error(SUBSCRIBING_TOO_FAST);
    const user = this.user;
    const bus = this.services.bus;
    switch (topic.kind) {
      case 'lobby_list':
        this.keep(topicName, bus.subscribe(LOBBY_LIST_TOPIC, (data) => this.send({ type: 'topic', topic: topicName, data })));
        return;
      case 'lobby':
        await this.services.lobbies.get(topic.lobbyID);
        {
          // A lobby one of its people has open is not left behind (idle-lobbies.ts).
          const unwatch = this.services.idleLobbies.watch(topic.lobbyID, user.id);
          const off = bus.subscribe(lobbyTopic(topic.lobbyID), (data) => this.send({ type: 'topic', topic: topicName, data }));
          this.keep(topicName, () => {
            off();
            unwatch();
          });
        }
        return;
      case 'chat':
        await this.services.chat.checkRoom(topic.room, user);
        this.keep(
          topicName,
          bus.subscribe(chatTopic(topic.room), (chat) => {
            this.send({ type: 'chat', userID: chat.senderID, room: chat.room, message: chat.message, spectator: chat.spectator });
          }),
        );
        return;
      case 'game':
      case 'inbox': {
        // Listening starts before the game is read, so no step falls in between.
        const watch = this.services.gameFeed.watch(topic.gameID);
        try {
          const { game, viewer } = await this.services.games.openFor(topic.gameID, user, this.services.users.isDev(user), (id) => this.services.gameFeed.current(id));
          if (topic.kind === 'inbox' && (topic.userID !== user.id || viewer === null)) {
            return this.error(`You may not subscribe to ${topicName}.`);
          }
          // A player watching their game is at the table (a socket has no page to hide: here). Opening
          // and closing it changes the table everyone watching is sent, as a presence report does.
          if (viewer !== null && game.gameEndTimestamp === null && !(await this.services.pageOpens.take(user.id))) return this.error(OPENING_TOO_FAST);
          const { attendance } = this.services;
          const leave = attendance.connect(topic.gameID, user.id, `channel-${randomBytes(6).toString('hex')}`);
          // The table (who is here, the clock, stand-ins) rides with each step, and alone when only it changed.
          let sentSequenceID = -1;
          let sentTable = '';
          const table = () => {
            const view = tableView(attendance, topic.gameID, this.services.now());
            return { json: JSON.stringify(view), same: JSON.stringify([view.away, view.seats]) };
          };
          const offTable = attendance.onChange(topic.gameID, () => {
            const now = table();
            if (sentSequenceID < 0 || now.same === sentTable) return;
            sentTable = now.same;
            this.sendText(`{"type":"table","topic":${JSON.stringify(topicName)},"data":{"sequenceID":${sentSequenceID},${now.json.slice(1)}}`);
          });
          this.keep(topicName, () => {
            watch.close();
            offTable();
            leave();
          });
          // Its clients get the whole game at every step, encoded once for everyone who sees the same.
          const prefix = `{"type":"topic","topic":${JSON.stringify(topicName)},"data":`;
          await watch.start(game, viewer, (version) => {
            const now = table();
            sentSequenceID = version.sequenceID;
            sentTable = now.same;
            const data = version.channelData();
            this.sendText(`${prefix}${data.slice(0, -1)},${now.json.slice(1)}}`);
          });
        } finally {
          if (this.subscriptions.get(topicName) === undefined) watch.close();
        }
        return;
      }
    }
  }

  /**
   * Keeps a subscription until it is unsubscribed or the socket closes. Setting one up awaits the
   * database, and the socket may close meanwhile: kept after close, nothing would ever undo it
   * (a listener on every step of the game, and a seat that never counts as gone).
   */
  private keep(topicName: string, off: () => void): void {
    if (this.closed) return off();
    this.subscriptions.set(topicName, off);
  }

  private unsubscribe(topicName: string): void {
    if (!parseTopic(topicName)) return this.error(`Unknown topic: ${topicName}`);
    this.subscriptions.get(topicName)?.();
    this.subscriptions.delete(topicName);
  }

  close(): void {
    this.closed = true;
    for (const off of this.subscriptions.values()) off();
    this.subscriptions.clear();
  }
}

/**
 * A JSON value as a client sent it, short, for an error message: a text as it is, anything else as
 * JSON. (`String(value)` would run an object's own `toString`, and `{"toString": 1}` has one that
 * is not a function.)
 */
function describe(value: unknown): string {
  if (typeof value === 'object' && value !== null) return sentValue(value);
  const text = String(value);
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}

/** Registers /channel on an app that has @fastify/websocket. */
export function registerChannel(app: FastifyInstance, services: Services): void {
  // A client that has stopped reading is cut by the pings every socket is sent (http-server.ts).
  app.get('/channel', { websocket: true }, (socket, request) => {
    let connection: Connection | null = null;
    let closed = false;
    // Listened for at once: the socket may close while the caller is looked up.
    socket.on('close', () => {
      closed = true;
      connection?.close();
    });
    // Messages are handled one at a time, in order, once the user is known.
    const opened = callerOf(services, request.raw, 'websocket').then(async ({ user, actsFor, refusedJWT }) => {
      if (closed) return;
      // Logging the session out closes the socket, on whichever instance it is logged out.
      if (actsFor) await services.sessionSockets.track(actsFor, socket);
      if (closed) return;
      connection = new Connection(services, socket, user, clientAddress(request.raw, services.config.trustProxy), request.log);
      if (refusedJWT) connection.error('Invalid JWT');
    });
    let queue: Promise<unknown> = opened.catch((error: unknown) => {
      // Nobody is served without knowing who they are (the database is down): say so and close.
      request.log.error({ err: error }, 'channel caller lookup failed');
      socket.send(JSON.stringify({ type: 'error', message: INTERNAL_ERROR_MESSAGE }));
      socket.close(1011);
    });
    // Messages wait their turn in memory: a client that sends faster than they are handled is
    // closed rather than queued without end.
    let waiting = 0;
    socket.on('message', (raw) => {
      if (++waiting > MAX_WAITING_MESSAGES) return closeUnread(socket, `Too many messages waiting: at most ${MAX_WAITING_MESSAGES}.`);
      const text = raw.toString();
      const bytes = Buffer.isBuffer(raw) ? raw.length : Buffer.byteLength(text);
      queue = queue
        .then(() => connection?.handle(text, bytes))
        .catch((error: unknown) => connection?.failed(error))
        .finally(() => (waiting -= 1));
    });
  });
}
