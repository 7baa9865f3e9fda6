/**
 * The seats whose players forfeited (left, or a bot made most of their choices) and that scored
 * more favor than the viewer's. The others are rated against such a seat by the favor it scored
 * (src/server/ratings/model.ts), so each is a loss to the viewer, and a won game's rating can fall:
 * the end of a game says so at length, "Your games" in short.
 */
import type { Forfeit } from '../../shared/forfeit.js';

interface Seat {
  userID: string;
  /** Null while the game runs. */
  favor: number | null;
  forfeit: Forfeit | null;
}

/** Such seats, and the viewer's own favor; none for a viewer who forfeited, or not seated. */
export function outscoringForfeits<S extends Seat>(seats: readonly S[], viewerID: string | null): { seats: S[]; yours: number } {
  const mine = seats.find((s) => s.userID === viewerID);
  if (!mine || mine.forfeit !== null || mine.favor === null) return { seats: [], yours: 0 };
  const yours = mine.favor;
  return { seats: seats.filter((s) => s !== mine && s.forfeit !== null && s.favor !== null && s.favor > yours), yours };
}
