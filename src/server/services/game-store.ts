/**
 * Games in the database. The durable record of a game is its log: each committed step appends
 * its actions and events (game-log.ts, written in groups by step-log.ts). The game row holds a
 * snapshot of the state without its card set and event log, rewritten every 32 steps, at the
 * end of the game and at shutdown; a load re-runs the steps after it. The card set is written
 * once when the game starts, unless a game before had the same one: a set is stored once, under
 * its key, and each game points at it.
 */
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { migrate, parseAction, SAVE_VERSION, type Card, type Game, type GameEvent, type TributeCard } from '../../engine/index.js';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { cardSetKey } from '../db/card-set-key.js';
import { addGameStats, recordedStats, userStatsFrom, type RecordedGameStats } from '../../engine/user-stats.js';
import { replayTail, type StoredAction, type StoredEvents } from './game-log.js';
import { standInReasonOf } from './stand-in.js';
import { recordRatings } from './ratings.js';
import { recordCardPlay } from './card-play.js';
import { decisionCounts, mostlyStoodIn, winnersAfterForfeits, type Forfeit } from '../../shared/forfeit.js';

export type { StoredAction } from './game-log.js';

type Executor = Kysely<Database> | Transaction<Database>;

interface CardSetJSON {
  cardsByID: Record<number, Card>;
  tributeCardsByID: Record<number, TributeCard>;
}

/** The snapshot of a game: its state without the card set and the event log. */
export function stateJSON(game: Game): string {
  const { cardsByID: _c, tributeCardsByID: _t, events: _e, ...rest } = game;
  return JSON.stringify(rest);
}

/**
 * Card sets in memory, by their key (db/card-set-key.ts): every game of one release with the same
 * modules holds the same set, so games created here and games loaded from the database share one
 * object, and a load reads only its game's key unless the set is new to this process. A few
 * distinct sets at most; cleared if that ever grows.
 */
const cardSetsByKey = new Map<string, CardSetJSON>();
/** The JSON and key of the sets this process has written, by set object. */
const storedForms = new WeakMap<object, { tributeCardsByID: object; json: string; hash: string }>();

function remember(hash: string, cardSet: CardSetJSON): CardSetJSON {
  const known = cardSetsByKey.get(hash);
  if (known) return known;
  if (cardSetsByKey.size >= 64) cardSetsByKey.clear();
  cardSetsByKey.set(hash, cardSet);
  return cardSet;
}

/** The JSON of a game's card set and its key, made once per set object. */
function storedForm(game: Game): { json: string; hash: string } {
  const known = storedForms.get(game.cardsByID);
  if (known && known.tributeCardsByID === game.tributeCardsByID) return known;
  const cardSet: CardSetJSON = { cardsByID: game.cardsByID, tributeCardsByID: game.tributeCardsByID };
  const json = JSON.stringify(cardSet);
  const form = { tributeCardsByID: game.tributeCardsByID, json, hash: cardSetKey(json) };
  storedForms.set(game.cardsByID, form);
  remember(form.hash, cardSet);
  return form;
}

/**
 * Stores a game's card set unless it is stored already, as nearly every one is: then only its key
 * is read, not ~85 KB written. Two starts of one new set at once (two instances on PostgreSQL)
 * both insert it; the conflict leaves the first, and the second waits for the first's transaction
 * and points its game at the same row.
 */
async function storeCardSet(db: Executor, game: Game): Promise<string> {
  const { json, hash } = storedForm(game);
  const stored = await db.selectFrom('card_sets').select('hash').where('hash', '=', hash).executeTakeFirst();
  if (!stored) {
    await db
      .insertInto('card_sets')
      .values({ hash, card_set_json: json })
      .onConflict((c) => c.column('hash').doNothing())
      .execute();
  }
  return hash;
}

export async function insertGame(db: Executor, game: Game, lobbyID: string | null, botOwner: string | null = null): Promise<void> {
  const hasBots = game.players.some((p) => p.botType !== null) ? 1 : 0;
  await db
    .insertInto('games')
    .values({
      id: game.id,
      lobby_id: lobbyID,
      state_json: stateJSON(game),
      sequence_id: game.sequenceID,
      has_bots: hasBots,
      start_timestamp: game.gameStartTimestamp,
      end_timestamp: game.gameEndTimestamp,
      updated_at: game.updateTimestamp,
      seed_commitment: game.seedCommitment,
      bot_owner: botOwner,
    })
    .execute();
  await db.insertInto('game_card_sets').values({ game_id: game.id, card_set_hash: await storeCardSet(db, game) }).execute();
  await db
    .insertInto('game_players')
    // Each seat carries its game's start and bots, by which a person's games are listed (history.ts).
    .values(game.players.map((p, seat) => ({ game_id: game.id, seat, user_id: p.userID, bot_type: p.botType, stats_json: null, start_timestamp: game.gameStartTimestamp, has_bots: hasBots })))
    .execute();
  if (game.events.length > 0) {
    await db.insertInto('game_events').values({ game_id: game.id, sequence_id: game.sequenceID, events_json: JSON.stringify(game.events) }).execute();
  }
}

export async function insertActions(db: Executor, gameID: string, actions: readonly StoredAction[]): Promise<void> {
  if (actions.length === 0) return;
  await db
    .insertInto('game_actions')
    .values(actions.map((a) => ({ game_id: gameID, sequence_id: a.sequenceID, user_id: a.userID, action_json: JSON.stringify(a.action), at: a.at, stand_in: a.standIn ?? null })))
    .execute();
}

/**
 * Writes a step with a snapshot of its state, in the caller's transaction (the end of a game, with
 * its stats; step-log.ts writes the other steps): the new state if and only if the stored game is still at `expectedSequenceID`
 * (compare and swap), with its actions and events. Returns false if another writer got there
 * first; the caller then reloads and tries again.
 */
export async function saveStep(
  trx: Transaction<Database>,
  dialect: Dialect,
  game: Game,
  expectedSequenceID: number,
  actions: readonly StoredAction[],
  events: readonly GameEvent[],
  /** Whether a game's end adds its cards to the gallery's figures (card-play.ts `countsInGallery`). */
  countCards = true,
): Promise<boolean> {
  const updated = await trx
    .updateTable('games')
    .set({
      state_json: stateJSON(game),
      sequence_id: game.sequenceID,
      end_timestamp: game.gameEndTimestamp,
      updated_at: game.updateTimestamp,
    })
    .where('id', '=', game.id)
    .where('sequence_id', '=', expectedSequenceID)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await insertActions(trx, game.id, actions);
  if (events.length > 0) {
    await trx.insertInto('game_events').values({ game_id: game.id, sequence_id: game.sequenceID, events_json: JSON.stringify(events) }).execute();
  }
  if (game.gameEndTimestamp !== null && game.statsByPlayerID) await recordStats(trx, dialect, game, countCards);
  return true;
}

/**
 * At the end of a game: each player's game stats, and each user's totals, in the same transaction.
 * Two games of one user may end at once (two connections, or two server processes on PostgreSQL),
 * and a total is read, added to and written back: so on PostgreSQL the users' rows are locked as
 * they are read (SELECT ... FOR NO KEY UPDATE: a login or a lobby seat, whose foreign key takes a
 * KEY SHARE lock on the user's row, need not wait), and the second game's transaction waits for the
 * first to commit and then reads what it wrote. The locks are taken in one order, by user id, so two
 * endings that share players cannot deadlock. SQLite has one writer at a time, whose transaction
 * nothing else can interleave. The seats' stats, the read and the totals are one statement each.
 * The people's ratings move in the same transaction (ratings.ts), and the cards' play counts
 * (card-play.ts).
 */
async function recordStats(trx: Transaction<Database>, dialect: Dialect, game: Game, countCards: boolean): Promise<void> {
  // A seat whose game counted as a loss keeps why in its stats, so the player's own list of games
  // can say so instead of a place its favor would give it; a win it would have had goes to the best
  // of the others.
  const stats: Record<string, RecordedGameStats & { forfeit?: Forfeit }> = recordedStats(game);
  const { forfeits: forfeited, botPlayed } = await forfeitedSeats(trx, game.id);
  const winners = winnersAfterForfeits(game, forfeited);
  for (const p of game.players) {
    const forfeit = forfeited.get(p.userID);
    stats[p.userID] = { ...stats[p.userID]!, won: winners.includes(p.userID), ...(forfeit ? { forfeit } : {}) };
  }
  const bySeat = game.players.map((p, seat) => sql`when ${seat} then ${JSON.stringify(stats[p.userID]!)}`);
  await trx
    .updateTable('game_players')
    .set({ stats_json: sql<string>`case seat ${sql.join(bySeat, sql` `)} end` })
    .where('game_id', '=', game.id)
    .execute();
  if (countCards) await recordCardPlay(trx, game);
  const read = trx
    .selectFrom('users')
    .select(['id', 'stats_json'])
    .where('id', 'in', [...new Set(game.players.map((p) => p.userID))])
    .orderBy('id');
  const stored = await (dialect === 'postgres' ? read.forNoKeyUpdate() : read).execute();
  if (stored.length === 0) return;
  const byUser = stored.map((row) => sql`when ${row.id} then ${JSON.stringify(addGameStats(userStatsFrom(row.stats_json), stats[row.id]!))}`);
  await trx
    .updateTable('users')
    .set({ stats_json: sql<string>`case id ${sql.join(byUser, sql` `)} end` })
    .where('id', 'in', stored.map((row) => row.id))
    .execute();
  await recordRatings(trx, dialect, game, forfeited, botPlayed);
}

/**
 * The people for whom the game's end is not their own result, who lost it whatever their seat
 * scored: those who left it (a stand-in played their seat to the end), and those most of whose
 * decisions a stand-in made (src/shared/forfeit.ts: a game finished by bots once nobody had it
 * open, or a seat a player let the stand-in play by keeping the page away). Without the second,
 * a person could start games against weaker bots, close the page, and keep the ratings and wins
 * the stand-in earned. A stand-in that took a few decisions (a turn timer that ran out, a late
 * disconnection) leaves the result the player's own. Counted once, at the game's end, from its
 * logged actions by the rule the web client counts a game's record by when the record does not
 * say (`decisionCounts`: a bid taken back is no decision there, so it is none here), and kept in
 * each seat's stats, from which the game's record and its replay file tell every client who
 * forfeited (recorded-forfeits.ts).
 */
async function forfeitedSeats(trx: Transaction<Database>, gameID: string): Promise<{ forfeits: ReadonlyMap<string, Forfeit>; botPlayed: ReadonlySet<string> }> {
  const left = await trx.selectFrom('game_seats').select('user_id').where('game_id', '=', gameID).where('left_at', 'is not', null).execute();
  const actions = await loadActions(trx, gameID);
  const counts = decisionCounts(actions.map((a) => ({ userID: a.userID, type: a.action.type, standIn: a.standIn })));
  const stoodIn = [...counts].filter(([, c]) => mostlyStoodIn(c.decisions, c.stoodIn)).map(([userID]) => userID);
  return {
    forfeits: new Map<string, Forfeit>([...stoodIn.map((id) => [id, 'stood in'] as const), ...left.map((l) => [l.user_id, 'left'] as const)]),
    // The seats a stand-in mostly played (a player who left at once, or let it play), as the ratings weigh them.
    botPlayed: new Set(stoodIn),
  };
}

/** A stored game as a load found it. */
export interface LoadedGame {
  game: Game;
  /** The sequenceID of the stored snapshot; -1 if an older release wrote it (the next step rewrites it). */
  snapshotSequenceID: number;
}

export async function loadGame(db: Executor, gameID: string): Promise<Game | null> {
  return (await loadGameRecord(db, gameID))?.game ?? null;
}

/**
 * Whether a seat (of `game_players`, as `seats`, joined to `games`) is in a game still running. A
 * seat's stats are written at its game's end (`recordStats`), so a running game's seats are read
 * from an index of their own (migration 025) rather than every game the person played (about
 * 190 ms of SQLite's with 100,000); the game's own end is asked too, for a seat whose stats were
 * never written.
 */
export const inRunningGame = (seats: 'game_players' | 'mine'): Expression<SqlBool> =>
  sql<SqlBool>`${sql.ref(`${seats}.stats_json`)} is null and ${sql.ref('games.end_timestamp')} is null`;

/** The game at its stored sequenceID: the snapshot, its events, and the steps logged after it re-run. */
export async function loadGameRecord(db: Executor, gameID: string): Promise<LoadedGame | null> {
  const row = await db
    .selectFrom('games')
    .leftJoin('game_card_sets', 'game_card_sets.game_id', 'games.id')
    .select(['games.state_json', 'games.sequence_id', 'game_card_sets.card_set_hash'])
    .where('games.id', '=', gameID)
    .executeTakeFirst();
  if (!row) return null;
  if (row.card_set_hash === null) throw new Error(`game ${gameID} cannot be loaded: it has no card set`);
  // Steps committed after the row was read are left for the next load: up to its sequenceID, the log is whole.
  const eventRows = await db
    .selectFrom('game_events')
    .select(['sequence_id', 'events_json'])
    .where('game_id', '=', gameID)
    .where('sequence_id', '<=', row.sequence_id)
    .orderBy('sequence_id')
    .execute();
  let cardSet = cardSetsByKey.get(row.card_set_hash);
  if (!cardSet) {
    const stored = await db.selectFrom('card_sets').select('card_set_json').where('hash', '=', row.card_set_hash).executeTakeFirstOrThrow();
    cardSet = remember(row.card_set_hash, JSON.parse(stored.card_set_json) as CardSetJSON);
  }
  const state = JSON.parse(row.state_json) as { sequenceID: number; version: number };
  const logged: StoredEvents[] = eventRows.map((r) => ({ sequenceID: r.sequence_id, events: JSON.parse(r.events_json) as GameEvent[] }));
  const events = logged.filter((r) => r.sequenceID <= state.sequenceID).flatMap((r) => r.events);
  // A game stored by an older release is brought up to the current save version.
  const snapshot = migrate({ ...state, ...cardSet, events });
  if ('ok' in snapshot) throw new Error(`game ${gameID} cannot be loaded: ${snapshot.message}`);
  const snapshotSequenceID = state.version === SAVE_VERSION ? snapshot.sequenceID : -1;
  if (snapshot.sequenceID === row.sequence_id) return { game: snapshot, snapshotSequenceID };
  const tail = await loadActions(db, gameID, { after: snapshot.sequenceID, upTo: row.sequence_id });
  const game = replayTail(
    snapshot,
    tail,
    logged.filter((r) => r.sequenceID > snapshot.sequenceID),
    row.sequence_id,
  );
  return { game, snapshotSequenceID };
}

/** How far behind a game held in memory may be for `catchUp` to re-run its steps rather than load it whole. */
const CATCH_UP_LIMIT = 256;

/** A row of a game's log: an action (events_json null) or a step's events (the rest null). */
interface LogRow {
  sequence_id: number;
  user_id: string | null;
  action_json: string | null;
  at: number | null;
  stand_in: string | null;
  events_json: string | null;
}

/**
 * A game held in memory brought up to its stored sequenceID by re-running only the steps logged
 * after it, instead of reading its snapshot and whole event log again: what another instance on
 * the same PostgreSQL did since (a bus message, a lost compare and swap). `held` must be a
 * committed state of the game, as every game the service keeps is. Null when the log cannot
 * lead on from it (the stored game is behind it, or too far ahead): then load it whole.
 */
export async function catchUp(db: Executor, held: Game): Promise<Game | null> {
  // One statement, so one consistent read: the game row's sequenceID, and the rows logged after
  // `held`. Each step appended its action rows or (a chat step) its event row together with
  // moving the game's sequenceID on, so those rows are whole steps up to it.
  const none = sql<null>`null`;
  const rows = await db
    .selectFrom('games')
    .select(['sequence_id', none.as('user_id'), none.as('action_json'), none.as('at'), none.as('stand_in'), none.as('events_json')])
    .where('id', '=', held.id)
    .$castTo<LogRow>()
    .unionAll(
      db
        .selectFrom('game_actions')
        .select(['sequence_id', 'user_id', 'action_json', 'at', 'stand_in', none.as('events_json')])
        .where('game_id', '=', held.id)
        .where('sequence_id', '>', held.sequenceID)
        .$castTo<LogRow>(),
    )
    .unionAll(
      db
        .selectFrom('game_events')
        .select(['sequence_id', none.as('user_id'), none.as('action_json'), none.as('at'), none.as('stand_in'), 'events_json'])
        .where('game_id', '=', held.id)
        .where('sequence_id', '>', held.sequenceID)
        .$castTo<LogRow>(),
    )
    .execute();
  const actions: StoredAction[] = [];
  const logged: StoredEvents[] = [];
  let stored: number | null = null;
  for (const { sequence_id, user_id, action_json, at, stand_in, events_json } of rows) {
    if (events_json !== null) logged.push({ sequenceID: sequence_id, events: JSON.parse(events_json) as GameEvent[] });
    else if (user_id !== null && action_json !== null && at !== null) actions.push(storedAction(held.id, { sequence_id, user_id, action_json, at, stand_in }));
    else stored = sequence_id;
  }
  if (stored === null || stored < held.sequenceID || stored - held.sequenceID > CATCH_UP_LIMIT) return null;
  if (stored === held.sequenceID) return held;
  actions.sort((a, b) => a.sequenceID - b.sequenceID);
  logged.sort((a, b) => a.sequenceID - b.sequenceID);
  return replayTail(held, actions, logged, stored);
}

/** Rewrites a game's snapshot, if the stored game is still at its sequenceID (at shutdown). */
export async function writeSnapshot(db: Executor, game: Game): Promise<boolean> {
  const updated = await db
    .updateTable('games')
    .set({ state_json: stateJSON(game) })
    .where('id', '=', game.id)
    .where('sequence_id', '=', game.sequenceID)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function storedSequenceID(db: Executor, gameID: string): Promise<number | null> {
  const row = await db.selectFrom('games').select('sequence_id').where('id', '=', gameID).executeTakeFirst();
  return row ? row.sequence_id : null;
}

/** A game's logged actions in order; `range` keeps those with after < sequenceID <= upTo. */
export async function loadActions(db: Executor, gameID: string, range: { after?: number; upTo?: number } = {}): Promise<StoredAction[]> {
  let query = db.selectFrom('game_actions').selectAll().where('game_id', '=', gameID);
  if (range.after !== undefined) query = query.where('sequence_id', '>', range.after);
  if (range.upTo !== undefined) query = query.where('sequence_id', '<=', range.upTo);
  const rows = await query.orderBy('sequence_id').execute();
  return rows.map((r) => storedAction(gameID, r));
}

function storedAction(gameID: string, r: { sequence_id: number; user_id: string; action_json: string; at: number; stand_in: string | null }): StoredAction {
  const action = parseAction(JSON.parse(r.action_json));
  if ('ok' in action) throw new Error(`game ${gameID}: stored action ${r.sequence_id} cannot be read: ${action.message}`);
  const standIn = standInReasonOf(r.stand_in);
  return { userID: r.user_id, action, sequenceID: r.sequence_id, at: r.at, ...(standIn ? { standIn } : {}) };
}

export async function unfinishedGameIDs(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('games').select('id').where('end_timestamp', 'is', null).execute();
  return rows.map((r) => r.id);
}
