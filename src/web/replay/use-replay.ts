/**
 * A finished game's replay, computed here: the record from `replays.get` (setup, card set, revealed
 * seed, the log of actions), rebuilt step by step by the engine (src/engine/replay.ts, the module
 * a node test holds against the server's stored states) and checked against what the server says
 * happened. Nothing shown comes from a state the server computed.
 */
import { useMemo } from 'react';
import { rebuild, verify, type GameRecord, type Rebuilt, type Verification } from '../../engine/replay.js';
import { trpc } from '../lib/trpc.js';
import { momentsOf, type ReplayMoment } from './moments.js';

export { momentsOf, turnStep, type ReplayMoment } from './moments.js';

export interface Replay {
  record: GameRecord;
  rebuilt: Rebuilt;
  moments: ReplayMoment[];
  verification: Verification;
}

/** A record rebuilt step by step and checked: what the replay screen shows. */
export function replayOfRecord(record: GameRecord): Replay {
  const rebuilt = rebuild(record);
  return { record, rebuilt, moments: momentsOf(rebuilt), verification: verify(record, rebuilt) };
}

export function useReplay(gameID: string): { replay: Replay | null; error: string | null; loading: boolean } {
  const query = trpc.replays.get.useQuery({ gameID }, { staleTime: Infinity, gcTime: 5 * 60_000, retry: false });
  const replay = useMemo((): Replay | null => (query.data ? replayOfRecord(query.data as GameRecord) : null), [query.data]);
  return { replay, error: query.error?.message ?? null, loading: query.isLoading };
}
