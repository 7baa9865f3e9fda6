/**
 * Finished games made quickly for the tests of what a game's end does (ratings, statistics, how
 * cards play): played to their end in memory by bots (they act at once in tests), the seats given
 * as people's marked so, and stored as the game stood one step before its end, so that saving the
 * final step (`saveEnd`) ends it in the database as a live game's last step would.
 */
import { expect, vi } from 'vitest';
import type { BotType, Game, ModuleKey } from '../../src/engine/index.js';
import { insertGame, saveStep } from '../../src/server/services/game-store.js';
import type { Guest, Server } from './support.js';

/** A seat of an endable game: a person (`bot: null`) or a bot of that type. */
export interface EndableSeat {
  userID: string;
  bot: BotType | null;
}

/** Bots' seats for `userIDs` (Easy Bots, who played the game). */
export const botSeats = (userIDs: readonly string[]): EndableSeat[] => userIDs.map((userID) => ({ userID, bot: 'easy_bot' }));

export async function endableGame(server: Server, id: string, seats: readonly EndableSeat[]): Promise<Game> {
  const { games, db } = server.app.services;
  const { game: played } = games.prepare({ id, lobbyID: null, players: seats.map((s) => ({ userID: s.userID, botType: 'easy_bot' })), options: {}, modules: [] });
  if (played.gameEndTimestamp === null) throw new Error(`game ${id} did not end in memory`);
  const game: Game = { ...played, players: played.players.map((p, i) => ({ ...p, botType: seats[i]!.bot })) };
  await insertGame(db.kysely, { ...game, sequenceID: game.sequenceID - 1, gameEndTimestamp: null, statsByPlayerID: null }, null);
  return game;
}

/** Saves a game's final step through `server`, in a transaction of its own: whether it was saved (a second save of one end is refused). */
export function saveEnd(server: Server, game: Game): Promise<boolean> {
  const { db } = server.app.services;
  return db.kysely.transaction().execute((trx) => saveStep(trx, db.dialect, game, game.sequenceID - 1, [], []));
}

/**
 * Ends two games at once through `server`: the first game's end holds its transaction open while
 * the second's is saved beside it (given 300 ms to run into whatever the first holds), then lets
 * go. What a test of two ends touching the same rows needs: whether each end was saved.
 */
export async function endTogether(server: Server, [first, second]: readonly [Game, Game]): Promise<[boolean, boolean]> {
  const { db } = server.app.services;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let firstSaved!: (saved: boolean) => void;
  const saved = new Promise<boolean>((resolve) => (firstSaved = resolve));
  const ending = db.kysely.transaction().execute(async (trx) => {
    firstSaved(await saveStep(trx, db.dialect, first, first.sequenceID - 1, [], []));
    await held;
  });
  const firstEnd = await saved;
  const other = saveEnd(server, second);
  await new Promise((resolve) => setTimeout(resolve, 300));
  release();
  await ending;
  return [firstEnd, await other];
}

/** The game with each seat's final favor set (the bots played it at random): the order the ratings read. */
export function withFavor(game: Game, favor: Readonly<Record<string, number>>): Game {
  const top = Math.max(...Object.values(favor));
  return {
    ...game,
    players: game.players.map((p) => ({ ...p, counters: { ...p.counters, favor: favor[p.userID]! } })),
    winnerIDs: game.players.filter((p) => favor[p.userID] === top).map((p) => p.userID),
    statsByPlayerID: Object.fromEntries(Object.entries(game.statsByPlayerID!).map(([id, s]) => [id, { ...s, score: favor[id]!, won: favor[id] === top }])),
  };
}

/**
 * A game of `host` and an Easy Bot with `modules`, which `host` leaves at once, waited for while
 * the bots finish it: a whole game played through the server, for what a finished game counts in.
 */
export async function gameLeftToBots(host: Guest, modules: readonly ModuleKey[]): Promise<void> {
  const { id: lobbyID } = await host.client.lobbies.create.mutate();
  for (const module of modules) await host.client.lobbies.setModule.mutate({ lobbyID, module, enabled: true });
  await host.client.lobbies.addBot.mutate({ lobbyID, botType: 'easy_bot' });
  const { gameID } = await host.client.lobbies.start.mutate({ lobbyID });
  await host.client.games.leave.mutate({ gameID });
  await vi.waitFor(async () => expect((await host.client.games.state.query({ gameID })).game.gameEndTimestamp).not.toBeNull(), { timeout: 30_000, interval: 50 });
}
