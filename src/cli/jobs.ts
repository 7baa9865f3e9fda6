/**
 * The kinds of simulation work the CLI spreads over worker threads: each job plays game i of a
 * match and returns a small record (the worker never sends whole games back).
 */
import { playBalanceGame, type BalanceRecord } from './balance-game.js';
import type { Match } from './match.js';
import { playOddsGame, type OddsJob, type OddsRecord } from './odds-game.js';
import { playTournamentGame, type GameRecord } from './tournament-game.js';

export type Job = { kind: 'tournament'; match: Match; saveDir: string | null } | { kind: 'balance'; match: Match } | OddsJob;

export interface JobRecords {
  tournament: GameRecord;
  balance: BalanceRecord;
  odds: OddsRecord;
}
export type RecordOf<J extends Job> = JobRecords[J['kind']];

export async function runJobGame<J extends Job>(job: J, index: number): Promise<RecordOf<J>> {
  switch (job.kind) {
    case 'tournament':
      return (await playTournamentGame(job.match, index, job.saveDir)) as RecordOf<J>;
    case 'balance':
      return (await playBalanceGame(job.match, index)) as RecordOf<J>;
    case 'odds':
      return playOddsGame(job, index) as RecordOf<J>;
  }
}
