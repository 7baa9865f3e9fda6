/**
 * A finished game's record for its replay in the browser (tRPC `replays.get`): its setup, card
 * set, revealed seed (and the secret and values it was mixed from), its log of actions (with the
 * stand-in marks) and game-room chat steps, and beside them the stored event log and final state,
 * which the browser checks its rebuild against (src/engine/replay.ts), and who forfeited the game
 * as its end recorded it (recorded-forfeits.ts). Read from the database,
 * not from a game held in memory: what is served is what is stored. A running game is refused:
 * its seed is never sent.
 */
import { LRUCache } from 'lru-cache';
import type { GameEvent } from '../../engine/index.js';
import { snapshotOf, type GameRecord, type ReplayLogEntry } from '../../engine/replay.js';
import type { Db } from '../db/database.js';
import { gameNotFound, refuse } from './errors.js';
import { loadActions, loadGameRecord } from './game-store.js';
import { recordedForfeits } from './recorded-forfeits.js';

export const notEnded = (gameID: string) => `Game ${gameID} has not ended: its replay, and the seed that checks its dice, are shown once it ends.`;

/**
 * How many finished games' records a server keeps. A finished game never changes, so a record
 * read once is served again without the database: a replay many open at once (a link passed
 * round) or one asked for again and again costs one read, not one each (about 12 ms of the
 * event loop for a four-player game). Each record is a whole game's log and card set (about
 * 180 KB as JSON, more as objects): the few dozen kept are some MB.
 */
export const KEPT_RECORDS = 24;

/**
 * What one `replays.get` counts for against the address's REQUESTS_PER_ADDRESS. A record is a
 * whole game (about 300 KB as JSON for eight players): sent from the cache it still cost 6 ms of
 * CPU a request, read afresh 12 ms, where other reads cost 1 to 6 ms, and one address asking 58
 * times a second kept a core 37-65% busy. A page asks for a game's record once.
 */
export const REPLAY_REQUESTS = 5;
/**
 * What one `replays.file` counts for: the file is read and made afresh each time (10.5 ms of CPU
 * for an eight-player game against 7 ms for a record from the cache), and a player downloads a
 * game's file once.
 */
export const REPLAY_FILE_REQUESTS = 10;
export const replayingTooFast = (limit: number, weight = REPLAY_REQUESTS) =>
  `Too many replays for your address: each counts as ${weight} of the ${limit} requests allowed in 10 seconds. Wait a moment.`;

/** Per database (each test server has its own), the records lately served or being read. */
const keptRecords = new WeakMap<Db, LRUCache<string, GameRecord>>();

export async function gameRecord(db: Db, gameID: string): Promise<GameRecord> {
  let kept = keptRecords.get(db);
  if (!kept) {
    // `fetchMethod`: requests for a record that is being read wait for that one read. A refusal
    // (not found, not ended) is thrown, never kept: the game may end or be stored later.
    kept = new LRUCache<string, GameRecord>({ max: KEPT_RECORDS, fetchMethod: (id) => readGameRecord(db, id) });
    keptRecords.set(db, kept);
  }
  return (await kept.fetch(gameID))!;
}

async function readGameRecord(db: Db, gameID: string): Promise<GameRecord> {
  const loaded = await loadGameRecord(db.kysely, gameID);
  if (!loaded) throw gameNotFound(gameID);
  const game = loaded.game;
  if (game.gameEndTimestamp === null) throw refuse('CONFLICT', notEnded(gameID));
  if (typeof game.seed !== 'string') throw refuse('CONFLICT', `Game ${gameID} was made before fair dice: it has no replay.`);
  const actions = await loadActions(db.kysely, gameID);
  // A chat step is a step whose only event is its CHAT (as game-log.ts re-runs it).
  const chatRows = await db.kysely.selectFrom('game_events').select(['sequence_id', 'events_json']).where('game_id', '=', gameID).orderBy('sequence_id').execute();
  const log: ReplayLogEntry[] = actions.map((a) => ({ kind: 'action', sequenceID: a.sequenceID, userID: a.userID, action: a.action, at: a.at, standIn: a.standIn ?? null }));
  for (const row of chatRows) {
    const events = JSON.parse(row.events_json) as GameEvent[];
    const only = events.length === 1 ? events[0]! : null;
    if (only?.type === 'CHAT' && !actions.some((a) => a.sequenceID === row.sequence_id)) {
      log.push({ kind: 'chat', sequenceID: row.sequence_id, userID: only.payload.userID, text: only.payload.text, at: only.timestamp });
    }
  }
  log.sort((a, b) => a.sequenceID - b.sequenceID);
  return {
    id: game.id,
    seats: game.players.map((p) => ({ userID: p.userID, botType: p.botType })),
    options: game.options,
    modules: game.modules,
    generator: game.rngState.kind,
    start: game.gameStartTimestamp,
    cardsByID: game.cardsByID,
    tributeCardsByID: game.tributeCardsByID,
    seedCommitment: game.seedCommitment,
    seed: game.seed,
    serverSecretCommitment: game.serverSecretCommitment,
    serverSecret: game.serverSecret,
    seedContributions: game.seedContributions,
    log,
    events: game.events,
    final: snapshotOf(game),
    // Recorded in the transaction that saved the end, which the load above found.
    forfeits: await recordedForfeits(db.kysely, gameID),
  };
}
