/**
 * The tribute phase: every tribute in the row is tested for every player. A player who meets one
 * earns its tokens (each worth 3 favor); met tributes leave the row for the tribute discard, and
 * the row is refilled at the next turn's setup.
 */
import { credit } from '../credit.js';
import { noAmounts, totalOf, triggeredBy } from '../effects.js';
import type { TriggeredCard } from '../events.js';
import { FAVOR_PER_TRIBUTE_TOKEN } from '../state.js';
import { editPlayer, emit, type Step } from '../step.js';
import { tributeMet } from '../tributes/kinds.js';
import type { TributeID } from '../types.js';

/** The tributes of the row one player meets this turn. */
export function tributesMet(s: Step, seat: number): TributeID[] {
  const g = s.game;
  const player = g.players[seat]!;
  const record = g.turnRecordByPlayerID[player.userID]!;
  // Plain loops, no closures: this runs for every player every turn.
  const row = g.tributeRow;
  const met: TributeID[] = [];
  for (let i = 0; i < row.length; i++) {
    const id = row[i]!;
    const tribute = g.tributeCardsByID[id]!;
    if (tribute.function !== 'completeAnotherTribute' && tributeMet(tribute, { game: g, player, record, value: tribute.value[g.age - 1]!, completedOther: false })) met.push(id);
  }
  // "Complete another tribute" looks at the others, so it is tested last.
  const completedOther = met.length > 0;
  const metas: TributeID[] = [];
  for (let i = 0; i < row.length; i++) {
    const id = row[i]!;
    const tribute = g.tributeCardsByID[id]!;
    if (tribute.function === 'completeAnotherTribute' && tributeMet(tribute, { game: g, player, record, value: tribute.value[g.age - 1]!, completedOther })) metas.push(id);
  }
  return metas.length === 0 ? met : met.concat(metas);
}

function multiply(triggered: TriggeredCard[], times: number): TriggeredCard[] {
  return triggered.map((t) => ({
    cardID: t.cardID,
    gold: t.gold * times,
    military: t.military * times,
    favor: t.favor * times,
    warTokens: t.warTokens * times,
    rerollTokens: t.rerollTokens * times,
  }));
}

export function payTributes(s: Step): void {
  const g = s.game;
  const metBySeat = g.players.map((_, seat) => tributesMet(s, seat));
  metBySeat.forEach((tributeIDs, seat) => {
    if (tributeIDs.length === 0) return;
    const userID = g.players[seat]!.userID;
    const tributeTokens = tributeIDs.reduce((n, id) => n + g.tributeCardsByID[id]!.tokens, 0);
    const favor = tributeTokens * FAVOR_PER_TRIBUTE_TOKEN;
    const p = editPlayer(s, seat);
    p.tributeIDs = [...p.tributeIDs, ...tributeIDs];
    p.counters.tributeTokens += tributeTokens;
    credit(s, seat, { ...noAmounts(), favor }, 'tributes');
    const triggeredCards = multiply(triggeredBy(g, g.players[seat]!, 'gainOtherEffect', { tribute: true }), tributeIDs.length);
    credit(s, seat, totalOf(triggeredCards), 'cards');
    emit(s, 'GAIN_TRIBUTES', { userID, tributeIDs, favor, tributeTokens, triggeredCards });
  });
  const claimed = new Set(metBySeat.flat());
  for (const id of g.tributeRow) if (claimed.has(id)) emit(s, 'DISCARD_TRIBUTE', { cardID: id });
  g.tributeRow = g.tributeRow.filter((id) => !claimed.has(id));
  g.tributeDiscard = [...g.tributeDiscard, ...claimed];
}
