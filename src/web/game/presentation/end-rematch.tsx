/**
 * The end-of-game view's Rematch: the page provides the control (`RematchSource`, see
 * pages/game.tsx and game/rematch.tsx), as the presentation layer takes no data from the server
 * itself. Without one (the presentation harness) no Rematch shows.
 */
import { createContext, useContext, type ComponentType } from 'react';

export interface RematchProps {
  gameID: string;
  /** The viewer, a player of the game. */
  me: string;
  /** A player's name, by user id. */
  nameOf: (userID: string) => string;
  /** Whether the game had bots: the rematch's lobby seats the same ones. */
  withBots: boolean;
  /** Whether everyone else at the table was a bot: nobody to wait for, so the rematch starts at once. */
  aloneWithBots: boolean;
}

/** What the others read when a player opened the rematch's lobby: the bots named only when there were some. */
export function rematchOfferText(host: string, withBots: boolean): string {
  return `${host} offers a rematch: same settings${withBots ? ', same bots' : ''}.`;
}

/**
 * What the others read once the rematch they were offered is no longer open (its host started it
 * without them, or everyone left it): pressing Rematch then opens a new lobby, and without these
 * words a player who pressed it sat alone in a lobby of their own, not knowing why.
 */
export function rematchGoneText(host: string): string {
  return `${host}'s rematch lobby is no longer open. Rematch opens a new one.`;
}

export const RematchSource = createContext<ComponentType<RematchProps> | null>(null);

/** The page's Rematch control, for a player of a finished game; nothing for spectators. */
export function EndRematch(props: Omit<RematchProps, 'me'> & { me: string | null }) {
  const Rematch = useContext(RematchSource);
  if (!Rematch || props.me === null) return null;
  return <Rematch {...props} me={props.me} />;
}
