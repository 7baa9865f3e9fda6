/**
 * Crediting resources a player gained, within the caps: the writing half of card effects (the
 * readers are in effects.ts, which stays free of the step machinery for the web client).
 */
import { capped, type Amounts } from './effects.js';
import { editPlayer, own, type Step } from './step.js';

/**
 * Credits resources a player gained (not spent), within the caps, and notes them in the turn's
 * record for tributes. `favorSource` says where favor gained here is counted. Returns the gold
 * and military actually added once the caps are applied.
 */
export function credit(
  s: Step,
  seat: number,
  amounts: Amounts,
  favorSource: 'cards' | 'tributes' | 'prophecies' | 'resources',
): { gold: number; military: number } {
  if (amounts.gold + amounts.military + amounts.favor + amounts.warTokens + amounts.rerollTokens === 0) return { gold: 0, military: 0 };
  const p = editPlayer(s, seat);
  const c = p.counters;
  const gold = capped(c.gold + amounts.gold) - c.gold;
  const military = capped(c.military + amounts.military) - c.military;
  c.gold += gold;
  c.military += military;
  c.warTokens = capped(c.warTokens + amounts.warTokens);
  c.rerollTokens = capped(c.rerollTokens + amounts.rerollTokens);
  c.favor = Math.max(0, c.favor + amounts.favor);
  if (amounts.favor) {
    const f = p.favorSources;
    const favor = amounts.favor;
    p.favorSources = {
      cards: f.cards + (favorSource === 'cards' ? favor : 0),
      tributes: f.tributes + (favorSource === 'tributes' ? favor : 0),
      prophecies: f.prophecies + (favorSource === 'prophecies' ? favor : 0),
      resources: f.resources + (favorSource === 'resources' ? favor : 0),
    };
  }
  const r = s.game.turnRecordByPlayerID[p.userID];
  if (r) {
    own(s, 'turnRecordByPlayerID')[p.userID] = {
      gained: r.gained,
      clashes: r.clashes,
      gainedGold: r.gainedGold + gold,
      gainedMilitary: r.gainedMilitary + military,
      gainedFavor: r.gainedFavor + amounts.favor,
      heldBefore: r.heldBefore,
    };
  }
  return { gold, military };
}
