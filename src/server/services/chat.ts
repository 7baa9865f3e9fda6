/**
 * Chat rooms `lobby/{id}` and `game/{id}`: messages are cleaned (cleanMessage), empty ones
 * refused, long ones refused, senders rate-limited (per user, and per address so that fresh guest
 * accounts do not reset the limit); stored, published on `chat/{room}`, and the recent history
 * is there for whoever opens the room. Only signed-in users chat, and a game's room is open to
 * whoever may watch the game (GameService.viewerFor: not a developer module's game to strangers).
 * Once its table has gone a room is read only, but to the game's own players: a lobby's once its
 * game has started, a game's once it has ended (`send`).
 * A player's message in a game's room is also a CHAT event of that game's log while the game
 * runs (GameService.chat).
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Bus } from '../bus/bus.js';
import { ID_PATTERN, type Game } from '../../engine/index.js';
import { MAX_CHAT_MESSAGE_LENGTH } from '../../shared/chat.js';
import type { Database, UserRow } from '../db/schema.js';
import { refuse } from './errors.js';
import type { GameService } from './game-service.js';
import { takeFor, type AddressLimit } from './network-limit.js';
import type { UserService } from './users.js';
import { MAX_STACKED_MARKS, SPACES, STACKED_MARKS, VISIBLE } from './names.js';
import type { Limiter } from './shared-rate-limit.js';

export const MAX_MESSAGE_LENGTH = MAX_CHAT_MESSAGE_LENGTH;
export const HISTORY_SIZE = 50;
/**
 * The most messages a room keeps: the history shows the latest HISTORY_SIZE, and without a
 * bound one patient sender (under every rate limit) would grow the table for as long as the
 * room exists. Older ones are deleted as new ones come.
 */
export const ROOM_KEEP = 200;
/** A started game's lobby room, and an ended game's room to anyone not seated in it, take no messages. */
export const LOBBY_ROOM_CLOSED = "This lobby's game has started: write in the game's chat instead.";
export const GAME_ROOM_CLOSED = 'This game has ended: only its players can write in its chat now.';
/**
 * The most rooms whose read mark the server keeps for one person, the newest read first: a mark
 * is a row a person makes by reading, and every game ever watched is a room.
 */
export const CHAT_READS_KEPT = 300;
/** At most this many messages per user in any window of RATE_WINDOW_MS. */
export const RATE_LIMIT = 5;
export const RATE_WINDOW_MS = 5_000;

export interface ChatMessage {
  id: string;
  senderID: string;
  room: string;
  message: string;
  createdAt: number;
  /** Sent by someone not playing the room's game, or not in the room's lobby (a spectator). */
  spectator: boolean;
}

/**
 * Control characters (ESC colours an admin's terminal, NUL hides what follows), lone surrogates
 * and the bidi controls that reorder the text after them (U+202E would make a message read
 * backwards, or pass one player's words off as another's). Unlike a name, a message keeps
 * zero-width joiners and variation selectors: emoji are made of them.
 */
const CONTROLS = /[\p{Cc}\p{Cs}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
/**
 * Line breaks besides \n and \r, which SPACES takes: a browser breaks the line at U+2028 and U+2029
 * (others at NEL, VT and FF), so "gg", a break and "Ann: ..." showed as a second line under the
 * sender's name (and under a spectator's mark) that read as Ann's own message. Each is one space.
 */
const LINE_BREAKS = /[\v\f\u0085\u2028\u2029]/gu;
/**
 * Blanks that are no space to Unicode: the braille blank (a symbol) and the Hangul fillers
 * (letters) draw nothing, as wide as a letter. A run of them was kept whole where spaces fold into
 * one: "gg" and as many as fill the rest of the chat's line put "Ann: I take the left card" at the
 * start of the next, under the sender's name, as the line breaks above did; and a message of them
 * alone passed for one with something to see. Each run is one space
 * (tests/server/security-review-26.test.ts).
 */
const BLANKS = /[\u115F\u1160\u2800\u3164\uFFA0]/gu;

/** A message as stored and shown: one line, without control characters; refused if nothing shows or it is too long. */
export function cleanMessage(raw: unknown): string {
  const typed = typeof raw === 'string' ? raw : '';
  const message = typed.normalize('NFC').replace(LINE_BREAKS, ' ').replace(BLANKS, ' ').replace(SPACES, ' ').replace(CONTROLS, '').trim();
  if (!VISIBLE.test(message)) throw refuse('BAD_REQUEST', 'A message cannot be empty.');
  if (message.length > MAX_MESSAGE_LENGTH) throw refuse('BAD_REQUEST', `A message has at most ${MAX_MESSAGE_LENGTH} characters.`);
  if (STACKED_MARKS.test(message)) throw refuse('BAD_REQUEST', `A message has at most ${MAX_STACKED_MARKS} accents or marks on one letter.`);
  return message;
}

export const chatTopic = (room: string) => `chat/${room}` as const;
/** A lobby's chat room: its messages go when the lobby does (LobbyService). */
export const lobbyRoom = (lobbyID: string) => `lobby/${lobbyID}`;
const ROOM = new RegExp(`^(lobby|game)/${ID_PATTERN}$`);

/** A room that is not of the two forms (BAD_REQUEST), or whose lobby or game does not exist (NOT_FOUND). */
const unknownRoom = (kind: 'BAD_REQUEST' | 'NOT_FOUND', room: string) => refuse(kind, `Unknown chat room: ${room}`);

export class ChatService {
  private readonly perUser: Limiter;
  private readonly perAddress: AddressLimit;
  private sequence = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: Bus,
    private readonly now: () => number,
    /**
     * Messages per user (RATE_LIMIT) and per address (CHAT_MESSAGES_PER_ADDRESS, and an IPv6 /48's
     * few addresses' worth: network-limit.ts) in any RATE_WINDOW_MS, shared by every instance.
     */
    limits: { perUser: Limiter; perAddress: AddressLimit },
    private readonly games: Pick<GameService, 'chat' | 'get' | 'viewerFor'>,
    private readonly users: Pick<UserService, 'isDev'>,
  ) {
    this.perUser = limits.perUser;
    this.perAddress = limits.perAddress;
  }

  /**
   * Refuses a room that is not a lobby or game that exists, or a game's room `user` may not watch.
   * Returns the room's game (null for a lobby's room).
   */
  async checkRoom(room: string, user: UserRow): Promise<Game | null> {
    if (!ROOM.test(room)) throw unknownRoom('BAD_REQUEST', room);
    const [kind, id] = room.split('/') as ['lobby' | 'game', string];
    if (kind === 'lobby') {
      const found = await this.db.selectFrom('lobbies').select('id').where('id', '=', id).executeTakeFirst();
      if (!found) throw unknownRoom('NOT_FOUND', room);
      return null;
    }
    const game = await this.games.get(id);
    if (!game) throw unknownRoom('NOT_FOUND', room);
    this.games.viewerFor(game, user, this.users.isDev(user));
    return game;
  }

  /**
   * Sends a message from a user connected from `address`. A room whose table has gone takes no
   * more from strangers: a lobby's once its game has started (its people are in the game's room),
   * a game's once it has ended, but from its players. Open for ever, every game ever played and
   * every lobby that started one was a room anyone could fill with ROOM_KEEP messages, kept for
   * good, where nobody at the table would read them any more.
   */
  async send(sender: UserRow, room: string, raw: unknown, address: string): Promise<ChatMessage> {
    const message = cleanMessage(raw);
    const game = await this.checkRoom(room, sender);
    if (game === null && (await this.hasStarted(room))) throw refuse('CONFLICT', LOBBY_ROOM_CLOSED);
    const seated = await this.seatedAt(room, game);
    if (game !== null && game.gameEndTimestamp !== null && !seated.has(sender.id)) throw refuse('FORBIDDEN', GAME_ROOM_CLOSED);
    // Each limit counts as it allows: a message the address limit refuses still counts against its sender's own.
    if (!(await this.perUser.take(sender.id))) throw refuse('TOO_MANY_REQUESTS', 'You are sending messages too fast. Wait a moment.');
    if ((await takeFor(this.perAddress, address)) !== null) throw refuse('TOO_MANY_REQUESTS', 'Too many messages from your network. Wait a moment.');
    // The game's log first: a message that cannot be logged is not sent either.
    if (room.startsWith('game/')) await this.games.chat(room.slice('game/'.length), sender.id, message);
    const now = this.now();
    const chat: ChatMessage = { id: this.nextID(now), senderID: sender.id, room, message, createdAt: now, spectator: !seated.has(sender.id) };
    await this.db.insertInto('chat_messages').values({ id: chat.id, room, sender_id: sender.id, message, created_at: now }).execute();
    await this.prune(room);
    await this.bus.publish(chatTopic(room), chat);
    return chat;
  }

  /**
   * Who sits at the room's table: the game's players, or the people in the lobby. Anyone else's
   * message is marked (`spectator`), in a lobby's room too: names that look alike are refused at
   * one table only, and a stranger named "Аnn" (a Cyrillic А) wrote in Ann's lobby as Ann.
   */
  private async seatedAt(room: string, game: Game | null): Promise<Set<string>> {
    if (game) return new Set(game.players.map((p) => p.userID));
    const seats = await this.db.selectFrom('lobby_players').select('user_id').where('lobby_id', '=', room.slice('lobby/'.length)).execute();
    return new Set(seats.map((s) => s.user_id));
  }

  /** Whether a lobby's room is that of a lobby whose game has started. */
  private async hasStarted(room: string): Promise<boolean> {
    const lobby = await this.db.selectFrom('lobbies').select('game_id').where('id', '=', room.slice('lobby/'.length)).executeTakeFirst();
    return (lobby?.game_id ?? null) !== null;
  }

  /**
   * Ids sort in sending order: the time, then a counter, then a random tail for uniqueness across
   * processes. Messages sent in the same millisecond thus keep their order in the history, and the
   * latest 50 are really the latest.
   */
  private nextID(now: number): string {
    this.sequence = (this.sequence + 1) % 36 ** 4;
    return `c_${now.toString(36).padStart(9, '0')}${this.sequence.toString(36).padStart(4, '0')}${randomBytes(4).toString('hex')}`;
  }

  /** Deletes the room's messages older than its newest ROOM_KEEP (in the history's order). */
  private async prune(room: string): Promise<void> {
    const oldestKept = await this.db
      .selectFrom('chat_messages')
      .select(['created_at', 'id'])
      .where('room', '=', room)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(ROOM_KEEP - 1)
      .limit(1)
      .executeTakeFirst();
    if (!oldestKept) return;
    await this.db
      .deleteFrom('chat_messages')
      .where('room', '=', room)
      .where((eb) => eb.or([eb('created_at', '<', oldestKept.created_at), eb.and([eb('created_at', '=', oldestKept.created_at), eb('id', '<', oldestKept.id)])]))
      .execute();
  }

  /**
   * For the lobby list's unread marks: for each lobby asked about, how many messages others wrote
   * in its room after the newest the reader read there (`after`, from their browser, or the mark
   * the server keeps for them if that is later: read on another device), at most HISTORY_SIZE, as
   * the room's own count would say on opening it. Lobbies with none are left out, as are lobbies
   * that do not exist. A lobby's room is open to every signed-in user (its history is), so a count
   * tells no one anything the history would not.
   *
   * Each room is counted on its own, by its (room, time) index, and the count stops at
   * HISTORY_SIZE. One condition per lobby, ORed together, took PostgreSQL 15 to 65 ms to plan for
   * 200 lobbies, which it then ran as a parallel scan (18 to 32 ms of its CPU a call); and SQLite
   * counted every message of the rooms, up to ROOM_KEEP each (13.5 ms for 200 full rooms, on the
   * event loop). Counted so, the same rooms take 3.5 ms and 2.2 ms (docs/security.md).
   */
  async lobbyUnread(reader: UserRow, lobbies: readonly { lobbyID: string; after: number }[]): Promise<Record<string, number>> {
    // A lobby asked twice is one room, counted from the earlier of its times.
    const asked = new Map<string, number>();
    for (const { lobbyID, after } of lobbies) asked.set(lobbyID, Math.min(after, asked.get(lobbyID) ?? after));
    if (asked.size === 0) return {};
    const marks = await this.readMarks(reader, [...asked.keys()].map(lobbyRoom));
    const from = (lobbyID: string, after: number) => Math.max(after, marks[lobbyRoom(lobbyID)] ?? 0);
    const rooms = sql.join([...asked].map(([lobbyID, after]) => sql`(${lobbyRoom(lobbyID)}, cast(${from(lobbyID, after)} as bigint))`));
    const { rows } = await sql<{ room: string; count: number | string }>`
      with asked(room, after) as (values ${rooms})
      select room, (
        select count(*) from (
          select 1 from chat_messages m
          where m.room = asked.room and m.created_at > asked.after and m.sender_id <> ${reader.id}
          limit ${HISTORY_SIZE}
        ) as unread
      ) as count
      from asked`.execute(this.db);
    return Object.fromEntries(rows.filter((r) => Number(r.count) > 0).map((r) => [r.room.slice('lobby/'.length), Number(r.count)]));
  }

  /**
   * Notes that `reader` read `room` up to the message sent at `upTo` (its `createdAt`), so that
   * their other browsers and devices count nothing before it as unread. A mark never moves back
   * (two devices' marks cross on the way), nor past now; a room the reader may not open is refused
   * as its history would be. The reader keeps marks for their CHAT_READS_KEPT newest rooms.
   */
  async markRead(reader: UserRow, room: string, upTo: number): Promise<void> {
    await this.checkRoom(room, reader);
    const readAt = Math.min(upTo, this.now());
    // A mark is sent at each message read while a room is open: most move a mark on, one
    // statement; only a room marked for the first time adds a row, and only then may one go.
    const moved = await this.db
      .updateTable('chat_reads')
      .set({ read_at: readAt })
      .where('room', '=', room)
      .where('user_id', '=', reader.id)
      .where('read_at', '<', readAt)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) > 0) return;
    const added = await this.db
      .insertInto('chat_reads')
      .values({ user_id: reader.id, room, read_at: readAt })
      .onConflict((oc) => oc.columns(['room', 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0) return;
    // In one order with no ties (a mark's time, then its room): cut at the time alone, marks that
    // share one were never dropped, and anyone could keep as many as they had rooms to mark by
    // marking each at the same `upTo` (592 in a second or two, past the 300).
    const oldestKept = await this.db
      .selectFrom('chat_reads')
      .select(['read_at', 'room'])
      .where('user_id', '=', reader.id)
      .orderBy('read_at', 'desc')
      .orderBy('room', 'desc')
      .offset(CHAT_READS_KEPT - 1)
      .limit(1)
      .executeTakeFirst();
    if (!oldestKept) return;
    await this.db
      .deleteFrom('chat_reads')
      .where('user_id', '=', reader.id)
      .where((eb) => eb.or([eb('read_at', '<', oldestKept.read_at), eb.and([eb('read_at', '=', oldestKept.read_at), eb('room', '<', oldestKept.room)])]))
      .execute();
  }

  /** How far `reader` read each of `rooms`, as the server kept it (markRead), by room; a room never marked is left out. */
  async readMarks(reader: UserRow, rooms: readonly string[]): Promise<Record<string, number>> {
    if (rooms.length === 0) return {};
    const rows = await this.db.selectFrom('chat_reads').select(['room', 'read_at']).where('user_id', '=', reader.id).where('room', 'in', rooms).execute();
    return Object.fromEntries(rows.map((r) => [r.room, Number(r.read_at)]));
  }

  /** The latest messages of a room, oldest first, for a user who may open it. */
  async history(room: string, reader: UserRow): Promise<ChatMessage[]> {
    const game = await this.checkRoom(room, reader);
    const rows = await this.db.selectFrom('chat_messages').selectAll().where('room', '=', room).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(HISTORY_SIZE).execute();
    const seated = await this.seatedAt(room, game);
    return rows.reverse().map((r) => ({ id: r.id, senderID: r.sender_id, room: r.room, message: r.message, createdAt: r.created_at, spectator: !seated.has(r.sender_id) }));
  }
}
