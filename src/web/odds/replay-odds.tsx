/**
 * The replay's odds: the bar for the step shown, from the spectator's view of that step (whoever's
 * eyes the replay looks through), and the odds over the whole game with its turning points linked
 * to their steps. Both come from the page's odds worker; the step's own answer replaces the
 * chart's quicker point for it (once the chart, in sight, has worked it out) as soon as it comes.
 */
import type { Game } from '../../engine/state.js';
import { GameOddsChart } from './game-odds-chart.js';
import { HiddenFavorOdds, OddsBar, type OddsSeat } from './odds-bar.js';
import { useOddsTimeline } from './odds-timeline.js';
import { useOdds } from './use-odds.js';

export interface ReplayOddsProps {
  id: string;
  games: readonly Game[];
  step: number;
  seats: readonly OddsSeat[];
}

/** No bar for a game played with hidden favor: the chart's place says why (`HiddenFavorOdds`). */
export function ReplayOddsBar(props: ReplayOddsProps) {
  return props.games[0]!.options.hideFavor ? null : <StepOddsBar {...props} />;
}

function StepOddsBar({ id, games, step, seats }: ReplayOddsProps) {
  const game = games[step]!;
  const own = useOdds(id, game);
  // The chart's point for the step, when its computation has come that far: the bar does not
  // drive it (a chart out of sight costs nothing).
  const timeline = useOddsTimeline(id, games, false);
  const exact = own !== null && own.sequenceID === game.sequenceID;
  const shares = exact ? own.shares : (timeline?.points[step]?.shares ?? own?.shares ?? null);
  return <OddsBar seats={seats} shares={shares} pending={!exact && shares !== null} ended={game.gameEndTimestamp !== null} />;
}

export function ReplayOddsChart({ id, games, step, seats, height }: ReplayOddsProps & { height?: number }) {
  if (games[0]!.options.hideFavor) return <HiddenFavorOdds />;
  return <GameOddsChart id={id} games={games} seats={seats} linkTo={(to) => `?step=${to}`} current={step} height={height} />;
}
