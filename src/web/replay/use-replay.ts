/**
 * A finished game's replay, computed here: the record from `replays.get` (setup, card set, revealed
 * seed, the log of actions), rebuilt step by step by the engine (src/engine/replay.ts, the module
 * a node test holds against the server's stored states) and checked against what the server says
 * happened. Nothing shown comes from a state the server computed.
 */
import { useMemo } from 'react';
import { rebuild, verify, type GameRecord, type Rebuilt, type Verification } from '../../engine/replay.js';
import { forfeitsIn, type Forfeit } from '../../shared/forfeit.js';
import { trpc } from '../lib/trpc.js';
import { momentsOf, type ReplayMoment } from './moments.js';

export { momentsOf, turnStep, type ReplayMoment } from './moments.js';

export interface Replay {
  record: GameRecord;
  rebuilt: Rebuilt;
  moments: ReplayMoment[];
  verification: Verification;
  /**
   * Who forfeited the game (left, or let a stand-in make most of their choices): the end's winner
   * line and star crown the winner the game's own end and "Your games" name, never a seat a bot
   * played to the top after its player left (src/shared/forfeit.ts).
   */
  forfeits: ReadonlyMap<string, Forfeit>;
}

/**
 * A record rebuilt step by step and checked: what the replay screen shows. Who forfeited is the
 * record's own `forfeits`, as the server recorded them. A replay file's record may lack them (a
 * file from before they were kept) and has no stand-in marks in its log (they would differ from the
 * file's event log, which the fair-dice check compares), so /replay passes the forfeits its file
 * tells (`forfeitsInFile`: its `forfeits`, else its actions' stand-in reasons).
 */
export function replayOfRecord(record: GameRecord, forfeits: ReadonlyMap<string, Forfeit> = forfeitsIn(record)): Replay {
  const rebuilt = rebuild(record);
  return { record, rebuilt, moments: momentsOf(rebuilt), verification: verify(record, rebuilt), forfeits };
}

export function useReplay(gameID: string): { replay: Replay | null; error: string | null; loading: boolean } {
  const query = trpc.replays.get.useQuery({ gameID }, { staleTime: Infinity, gcTime: 5 * 60_000, retry: false });
  const replay = useMemo((): Replay | null => (query.data ? replayOfRecord(query.data as GameRecord) : null), [query.data]);
  return { replay, error: query.error?.message ?? null, loading: query.isLoading };
}
