/** The end-of-game view's numbers: winners' names and the two pies' series. Pure. */
import type { GameScreenState } from '../model.js';
import { joinNames, playerRef } from './format.js';

type EndState = Pick<GameScreenState, 'usersByID'> & {
  game: Pick<GameScreenState['game'], 'players' | 'winnerIDs' | 'totalThinkingMillisByPlayerID'>;
};

/** The winners' names as the spec shows them: ties joined by ' and '. */
export function winnerNames(state: EndState): string {
  return joinNames(state.game.winnerIDs.map((id) => playerRef(state, id).name));
}

export interface PieData {
  labels: string[];
  colors: string[];
  series: number[];
}

/** Favor by player, in seat order. */
export function favorPie(state: EndState): PieData {
  const players = state.game.players;
  return {
    labels: players.map((p) => playerRef(state, p.userID).name),
    colors: players.map((p) => p.color),
    series: players.map((p) => p.counters.favor),
  };
}

/** Thinking time by player in whole seconds, in seat order. */
export function timePie(state: EndState): PieData {
  const players = state.game.players;
  return {
    labels: players.map((p) => playerRef(state, p.userID).name),
    colors: players.map((p) => p.color),
    series: players.map((p) => Math.round((state.game.totalThinkingMillisByPlayerID[p.userID] ?? 0) / 1000)),
  };
}
