/**
 * The live odds bar: one horizontal bar split by player colour, each part labelled with the
 * player's chance to win. Exported on its own so any page holding a view and its odds (the game
 * screen, a replay) can show it.
 */
import { Box, Group, Text } from '@mantine/core';
import classes from './odds.module.css';
import { UserText } from '../components/user-text.js';

/** What the chart of the odds over a game says before its first step is worked out (and while its code loads). */
export const CHART_STARTING = 'Working out the chances over the game...';

/** What the bar's track says until the chances for the step shown are first worked out. */
export const BAR_WAITING = 'Working out the chances...';

export interface OddsSeat {
  userID: string;
  color: string;
  name: string;
}

/** Whole percentages summing to exactly 100 (largest remainders get the leftover points). */
export function wholePercents(shares: readonly number[]): number[] {
  const raw = shares.map((s) => Math.max(0, s) * 100);
  const out = raw.map(Math.floor);
  let left = 100 - out.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => ({ i, rest: r - Math.floor(r) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; left > 0 && shares.length > 0; k = (k + 1) % order.length, left--) out[order[k]!.i]!++;
  return out;
}

/**
 * A whole percentage as the bar says it. Until the game has ended, nobody's chance is said to be
 * none or certain: rollouts a player never won round to 0% (a spectator read "Vera 0%" while Vera,
 * ahead on favor, could still reroll the last clash), so 0 reads "<1%" and 100 ">99%".
 */
export function percentWords(percent: number, ended: boolean): string {
  if (!ended && percent === 0) return '<1%';
  if (!ended && percent === 100) return '>99%';
  return `${percent}%`;
}

/** `ended`: the step shown is the game's end, where the winner's 100% is the result. */
export function OddsBar({ seats, shares, pending = false, ended = false }: { seats: readonly OddsSeat[]; shares: Record<string, number> | null; pending?: boolean; ended?: boolean }) {
  const percents = shares ? wholePercents(seats.map((s) => shares[s.userID] ?? 0)) : null;
  const said = (i: number) => percentWords(percents![i]!, ended);
  const label = percents ? seats.map((s, i) => `${s.name} ${said(i)}`).join(', ') : 'working out the chances';
  return (
    <Box data-testid="odds-bar" aria-label={`Chances to win: ${label}`} role="group" my={6} px={6}>
      <Group justify="space-between" gap={4} mb={2}>
        <Text size="xs" fw={700} c="dimmed">
          Chances to win{pending ? ' (updating)' : ''}
        </Text>
        <Text size="xs" c="dimmed">
          from what spectators see
        </Text>
      </Group>
      <div className={classes.track}>
        {percents
          ? seats.map((s, i) => (
              <div
                key={s.userID}
                data-odds-player={s.userID}
                data-odds-percent={percents[i]}
                title={`${s.name}: ${said(i)}`}
                className={classes.part}
                style={{ width: `${percents[i]}%`, background: s.color }}
              >
                {percents[i]! >= 8 ? said(i) : ''}
              </div>
            ))
          : // Until the first answer, the empty track says why it is empty (players read a blank bar as broken).
            <span className={classes.waiting}>{BAR_WAITING}</span>}
      </div>
      {percents ? (
        <Group gap={10} mt={2}>
          {seats.map((s, i) => (
            <Text key={s.userID} size="xs" span>
              <span aria-hidden className={classes.swatch} style={{ background: s.color }} />
              <UserText>{s.name}</UserText> {said(i)}
            </Text>
          ))}
        </Group>
      ) : null}
    </Box>
  );
}

/**
 * In place of the odds in a game played with hidden favor: the views everyone gets show each
 * player's favor as 0 until the end, so rollouts from them would start every player level and
 * back whoever was behind (a spectator's bar read 85% for the player who lost 48 to 54).
 */
export function HiddenFavorOdds() {
  return (
    <p role="status" className={classes.hiddenFavor} data-testid="odds-hidden-favor">
      No odds in this game: favor is hidden, so nobody can tell who leads.
    </p>
  );
}
