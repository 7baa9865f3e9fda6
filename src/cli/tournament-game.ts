/**
 * One tournament game: played by the harness, summed up per seat from `game.statsByPlayerID`, and
 * optionally saved as a replay file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Game } from '../engine/index.js';
import { botSeedFor, gameSetup, resolvedOptions, seatsForGame, seedForGame, SIM_START, type Match } from './match.js';
import { replayOf } from './replay-file.js';
import { playMatchGame } from './seated-game.js';

export interface SeatResult {
  /** The seat's bot: a built-in kind, a module path or exec:command. */
  kind: string;
  favor: number;
  cards: number;
  tributes: number;
  prophecies: number;
  resources: number;
  clashes: number;
  clashesWon: number;
  /** 1 for a lone winner, 1/k for each of k tied winners, else 0. */
  winShare: number;
}

export interface GameRecord {
  game: number;
  seed: number;
  botSeed: number;
  moves: number;
  seats: SeatResult[];
}

/** Per seat, in seat order; `kinds` names each seat's bot. */
export function seatResults(game: Game, kinds: readonly string[]): SeatResult[] {
  const stats = game.statsByPlayerID;
  if (!stats) throw new Error(`game ${game.id} has not ended`);
  const share = 1 / game.winnerIDs.length;
  return game.players.map((p, seat) => {
    const s = stats[p.userID]!;
    return {
      kind: kinds[seat]!,
      favor: s.score,
      cards: s.scoreFromCards,
      tributes: s.scoreFromTributes,
      prophecies: s.scoreFromProphecies,
      resources: s.scoreFromResources,
      clashes: s.clashes,
      clashesWon: s.clashesWon,
      winShare: game.winnerIDs.includes(p.userID) ? share : 0,
    };
  });
}

/** The replay file name of game i: zero-padded so that files sort in game order. */
export function replayFileName(index: number): string {
  return `game-${String(index).padStart(5, '0')}.json`;
}

export async function playTournamentGame(match: Match, index: number, saveDir: string | null): Promise<GameRecord> {
  const seed = seedForGame(match, index);
  const botSeed = botSeedFor(seed);
  const setup = gameSetup(match, index);
  const { game, actions } = await playMatchGame(match, index);
  const kinds = seatsForGame(match, index).map((spec) => spec.label);
  if (saveDir !== null) {
    const replay = replayOf({ seats: setup.seats.slice(), options: resolvedOptions(match), modules: match.modules }, seed, SIM_START, actions, game, {
      game: index,
      botSeed,
      createdBy: 'mythos tournament',
      seats: kinds,
      ...(match.cardsDir === null ? {} : { cards: match.cardsDir }),
    });
    mkdirSync(saveDir, { recursive: true });
    writeFileSync(join(saveDir, replayFileName(index)), JSON.stringify(replay));
  }
  return { game: index, seed, botSeed, moves: actions.length, seats: seatResults(game, kinds) };
}
