/**
 * The end-of-game view's fair-dice check in this browser: the page provides it (`VerifySource`,
 * see pages/game.tsx; the check fetches the finished game's record and rebuilds it, in
 * src/web/replay), as the presentation layer takes no data from the server itself. Without one
 * (the presentation harness) the view shows only how to check the dice with `mythos verify`.
 */
import { createContext, useContext, type ComponentType } from 'react';

export const VerifySource = createContext<ComponentType<{ gameID: string }> | null>(null);

export function EndVerify({ gameID }: { gameID: string }) {
  const Verify = useContext(VerifySource);
  return Verify ? <Verify gameID={gameID} /> : null;
}
