/**
 * What a card change alters in a saved game: the cards whose definitions differ between the save
 * and today's files, and how the game's outcome moves (favor and winners), one line each.
 */
import type { Card, Game, TributeCard, UserID } from '../engine/index.js';
import { asJSON, firstDifference, showValue } from '../engine/deep-diff.js';
import { winnersAfterForfeits, type Forfeit } from '../shared/forfeit.js';

function describeCard(id: string, saved: Card | TributeCard | undefined, now: Card | TributeCard | undefined, kind: string): string | null {
  const name = saved?.name ?? now?.name ?? '';
  if (!saved) return `${kind} ${id} (${name}): new in today's files`;
  if (!now) return `${kind} ${id} (${name}): no longer in today's files`;
  const d = firstDifference(asJSON(saved), asJSON(now), '');
  if (!d) return null;
  return `${kind} ${id} (${name}): ${d.path.replace(/^\./, '')} ${showValue(d.expected, 60)} -> ${showValue(d.actual, 60)}`;
}

/** The changed cards and tributes of a game's card set, saved -> today. */
export function cardChanges(saved: Pick<Game, 'cardsByID' | 'tributeCardsByID'>, now: Pick<Game, 'cardsByID' | 'tributeCardsByID'>): string[] {
  const lines: string[] = [];
  for (const [kind, a, b] of [['card', saved.cardsByID, now.cardsByID], ['tribute', saved.tributeCardsByID, now.tributeCardsByID]] as const) {
    const ids = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort((x, y) => Number(x) - Number(y));
    const byID = (set: typeof a, id: string): Card | TributeCard | undefined => (set as Record<string, Card | TributeCard>)[id];
    for (const id of ids) {
      const line = describeCard(id, byID(a, id), byID(b, id), kind);
      if (line) lines.push(line);
    }
  }
  return lines;
}

const NO_FORFEITS: ReadonlyMap<UserID, Forfeit> = new Map();

/**
 * "p1 41 -> 38, p2 35 -> 35; winners p1 -> p2": the outcome saved and re-run. `forfeits`: the
 * players whose game counted as a loss whatever they scored (a replay file's `forfeits`, or its
 * stand-in marks: `forfeitsInFile`), never named a winner on either side, as the narration above
 * the line names none (docs/decisions.md, "Nor is such a player the winner"); a game of bots has
 * none.
 */
export function outcomeChange(saved: Game, now: Game, forfeits: ReadonlyMap<UserID, Forfeit> = NO_FORFEITS): string {
  const favor = saved.players
    .map((p) => `${p.userID} ${p.counters.favor} -> ${now.players.find((q) => q.userID === p.userID)?.counters.favor ?? '?'}`)
    .join(', ');
  const winners = (game: Game) => {
    if (game.winnerIDs.length === 0) return 'none yet';
    const ids = winnersAfterForfeits(game, forfeits);
    return ids.length > 0 ? ids.join(' and ') : 'nobody (every player forfeited)';
  };
  return `favor ${favor}; winners ${winners(saved)} -> ${winners(now)}`;
}
