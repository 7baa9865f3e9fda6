/**
 * How long a clash's dice take on the game screen. The screen holds the next decision until they
 * have rolled and settled (src/web/game/presentation/clash.ts draws them by these times), and the
 * server adds that time to the turn timer of a decision that waits on them, so a clock does not
 * run while its player can only watch the dice.
 *
 * In src/shared, with no imports, so that the two agree.
 */
export const ROLL_STEPS = 20;
export const FIRST_STEP_MS = 25;
export const LAST_STEP_MS = 250;
/** The pause before each re-roll round, and before the display completes. */
export const ROUND_PAUSE_MS = 1500;
export const COMPLETE_PAUSE_MS = 1500;
/** How long the initial state (bids face up, dice still) is shown before the first roll. */
export const INITIAL_MS = 400;

/**
 * The waits between the roll's 20 faces: from 25 ms to 250 ms, growing quadratically so the dice
 * tumble fast and settle slowly, as real dice do.
 */
export function rollStepDelays(steps = ROLL_STEPS, first = FIRST_STEP_MS, last = LAST_STEP_MS): number[] {
  return Array.from({ length: steps }, (_, i) => Math.round(first + (last - first) * (i / (steps - 1)) ** 2));
}

export const ROLL_MS = rollStepDelays().reduce((a, b) => a + b, 0);

/**
 * How long the display of a clash of `rounds` rounds lasts, when the rounds before `fromRound`
 * were already shown: the initial state, each round's roll (a re-roll round after a pause), and
 * the pause to read the last results. Nothing new to roll: the pause alone.
 */
export function clashDisplayMs(rounds: number, fromRound = 0): number {
  const rolled = rounds - fromRound;
  if (rolled <= 0) return COMPLETE_PAUSE_MS;
  return INITIAL_MS + rolled * ROLL_MS + (rolled - 1) * ROUND_PAUSE_MS + COMPLETE_PAUSE_MS;
}
