/**
 * A loud warning when a lobby or game shows another commitment than the first this browser saw
 * for it (commitment-memory.ts): the server could then have chosen its secret, and so the dice,
 * after seeing the players' values.
 */
import { Suspense, useMemo } from 'react';
import { retryingLazy } from '../lib/retrying-lazy.js';
import { firstCommitment } from '../lib/commitment-memory.js';
import type { Changed } from './commitment-alert.js';

/** The warning itself loads only when a commitment changed: almost every page never needs it. */
const CommitmentAlert = retryingLazy(() => import('./commitment-alert.js'));

export interface CommitmentCheck {
  /** Where the first one seen is kept (see commitment-memory.ts). */
  key: string;
  /** The commitment shown now; null when there is none to check (a game from before commitments). */
  shown: string | null;
  /** What it commits to, for the warning: "the server's secret", "the seed". */
  what: string;
}

export function CommitmentWarning({ checks, place }: { checks: readonly CommitmentCheck[]; place: 'lobby' | 'game' }) {
  const signature = JSON.stringify(checks);
  const changed = useMemo(
    () =>
      (JSON.parse(signature) as CommitmentCheck[]).flatMap((check): Changed[] => {
        if (check.shown === null) return [];
        const first = firstCommitment(check.key, check.shown);
        return first === check.shown ? [] : [{ what: check.what, first, shown: check.shown }];
      }),
    [signature],
  );
  if (changed.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <CommitmentAlert changed={changed} place={place} />
    </Suspense>
  );
}

/** The checks of a game: the server secret's commitment (its lobby's, if this browser saw it) and the seed's. */
export function gameCommitmentChecks(game: { id: string; serverSecretCommitment: string | null; seedCommitment: string | null }): CommitmentCheck[] {
  return [
    { key: `game/${game.id}/server`, shown: game.serverSecretCommitment, what: "the server's secret" },
    { key: `game/${game.id}/seed`, shown: game.seedCommitment, what: 'the seed' },
  ];
}
