/** Which sound an update plays: a gong when the age changes, a horn on entering an age's last turn, a chime on a new phase. Pure. */
import type { WireGame } from '../model.js';

/** 'tick': the owner's clock has 10 s left (clock.tsx), not an update's. */
export type SoundCue = 'gong' | 'horn' | 'chime' | 'tick';
export const SOUND_VOLUME = 0.3;

type Moment = Pick<WireGame, 'age' | 'turn' | 'phase' | 'turnsPerAge' | 'gameEndTimestamp'>;

/** One sound at most per update, the most important first. */
export function soundCue(before: Moment | null, after: Moment): SoundCue | null {
  if (!before) return null;
  if (after.age !== before.age) return 'gong';
  if (after.turn !== before.turn && after.turn === after.turnsPerAge) return 'horn';
  if (after.phase !== before.phase || after.turn !== before.turn || (after.gameEndTimestamp !== null && before.gameEndTimestamp === null)) return 'chime';
  return null;
}
