/**
 * Tournament results per bot kind: games, shared wins, win rate with its 95% Wilson interval,
 * mean favor and where it came from, clashes and clash win rate. Printed as a table, written as
 * JSON (per kind and per game) or CSV (per game).
 */
import type { GameOptions, ModuleKey } from '../engine/index.js';
import { percent, ratio, round, wilson } from './stats.js';
import { formatTable } from './table.js';
import type { GameRecord } from './tournament-game.js';

export interface KindResult {
  /** A built-in kind, a module path or exec:command. */
  kind: string;
  /** Seats played (a kind in two seats of a game counts twice). */
  games: number;
  wins: number;
  winRate: number;
  winRateCI95: [number, number];
  meanFavor: number;
  meanFavorFrom: { cards: number; tributes: number; prophecies: number; resources: number };
  clashes: number;
  clashesWon: number;
  clashWinRate: number;
}

export interface TournamentConfig {
  seats: string[];
  games: number;
  seed: number;
  options: GameOptions;
  modules: ModuleKey[];
  /** The --cards directory, when the games were not played with the game's own card files. */
  cards?: string;
}

/** The seat figures a kind's row adds up, game by game. */
const SUMMED = ['winShare', 'favor', 'cards', 'tributes', 'prophecies', 'resources', 'clashes', 'clashesWon'] as const;

export function kindResults(seats: readonly string[], records: readonly GameRecord[]): KindResult[] {
  const kinds = [...new Set(seats)];
  return kinds.map((kind) => {
    const sum = { games: 0, winShare: 0, favor: 0, cards: 0, tributes: 0, prophecies: 0, resources: 0, clashes: 0, clashesWon: 0 };
    for (const record of records) {
      for (const s of record.seats) {
        if (s.kind !== kind) continue;
        sum.games++;
        for (const key of SUMMED) sum[key] += s[key];
      }
    }
    const [lo, hi] = wilson(sum.winShare, sum.games);
    const mean = (x: number) => round(ratio(x, sum.games), 3);
    return {
      kind,
      games: sum.games,
      wins: round(sum.winShare, 3),
      winRate: round(ratio(sum.winShare, sum.games)),
      winRateCI95: [round(lo), round(hi)],
      meanFavor: mean(sum.favor),
      meanFavorFrom: { cards: mean(sum.cards), tributes: mean(sum.tributes), prophecies: mean(sum.prophecies), resources: mean(sum.resources) },
      clashes: sum.clashes,
      clashesWon: sum.clashesWon,
      clashWinRate: round(ratio(sum.clashesWon, sum.clashes)),
    };
  });
}

const num = (x: number, digits = 1) => x.toFixed(digits);

export function resultsTable(results: readonly KindResult[]): string {
  const headers = ['bot', 'games', 'wins', 'win rate', '95% CI', 'favor', 'cards', 'tributes', 'prophecies', 'resources', 'clashes', 'clash wins'];
  // Shared wins make fractions: then every row shows two decimals, so the column lines up.
  const winDigits = results.every((r) => Number.isInteger(r.wins)) ? 0 : 2;
  const rows = results.map((r) => [
    r.kind,
    String(r.games),
    num(r.wins, winDigits),
    percent(r.winRate),
    `${percent(r.winRateCI95[0])}-${percent(r.winRateCI95[1])}`,
    num(r.meanFavor),
    num(r.meanFavorFrom.cards),
    num(r.meanFavorFrom.tributes),
    num(r.meanFavorFrom.prophecies),
    num(r.meanFavorFrom.resources),
    String(r.clashes),
    percent(r.clashWinRate),
  ]);
  return formatTable(headers, rows);
}

export function tournamentJSON(config: TournamentConfig, results: readonly KindResult[], records: readonly GameRecord[]): string {
  const games = records.map((r) => ({ ...r, seats: r.seats.map((s) => ({ ...s, winShare: round(s.winShare) })) }));
  return JSON.stringify({ format: 'mythos-tournament', version: 1, config, kinds: results, games }, null, 2) + '\n';
}

/** One row per game; per seat: kind, favor and its sources, clashes, and the share of the win. */
export function tournamentCSV(seatCount: number, records: readonly GameRecord[]): string {
  const seatColumns = ['kind', 'favor', 'cards', 'tributes', 'prophecies', 'resources', 'clashes', 'clashes_won', 'win'] as const;
  const headers = ['game', 'seed', 'bot_seed', 'moves'];
  for (let s = 1; s <= seatCount; s++) for (const c of seatColumns) headers.push(`seat${s}_${c}`);
  const lines = records.map((r) => {
    const cells: (string | number)[] = [r.game, r.seed, r.botSeed, r.moves];
    for (const s of r.seats) {
      cells.push(s.kind, s.favor, s.cards, s.tributes, s.prophecies, s.resources, s.clashes, s.clashesWon, round(s.winShare));
    }
    return cells.join(',');
  });
  return [headers.join(','), ...lines].join('\n') + '\n';
}
