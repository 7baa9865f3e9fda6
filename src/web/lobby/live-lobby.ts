/** A lobby, live: lobbies.onLobby, applying only newer sequenceIDs. */
import { useState } from 'react';
import type { Lobby } from '../lib/api-types.js';
import { useLive, type Refusal } from '../lib/connection.js';
import { trpc } from '../lib/trpc.js';

/**
 * The newest lobby state from the subscription: an older or equal sequenceID is ignored. The
 * server ends the subscription when the lobby closes (its last person left, or it was left behind
 * with nobody on its page): `closed` then, and the lobby is no longer shown. `connected`: false
 * while the connection is down (connection.ts); the websocket reconnects by itself, and the
 * restarted subscription sends the lobby as it is then, or, where it closed meanwhile, refuses
 * it as not found: `closed` too, as the page would have heard it live. `refusal`: any other
 * refusal of the subscription, asked again by itself where waiting may help (useLive); `error`:
 * its words, where waiting will not help and no lobby was shown (it is not there, say).
 */
export function useLiveLobby(lobbyID: string): { lobby: Lobby | null; error: string | null; closed: boolean; connected: boolean; refusal: Refusal | null } {
  const [lobby, setLobby] = useState<Lobby | null>(null);
  const [closedID, setClosedID] = useState<string | null>(null);
  const subscription = trpc.lobbies.onLobby.useSubscription(
    { lobbyID },
    {
      onData: (next) => {
        // `heard` (useLive's, below) is only called later, as the lobby comes.
        heard();
        setLobby((held) => (held && held.id === next.id && held.sequenceID >= next.sequenceID ? held : next));
      },
      onError: (failure) => {
        // A lobby this page showed that is not found closed while the connection was down (its
        // last person left, or it was left behind): the restarted subscription reads the lobby
        // afresh before anything else, and says so as a refusal rather than as its end.
        if (failure.data?.code === 'NOT_FOUND' && lobby?.id === lobbyID) setClosedID(lobbyID);
      },
      onComplete: () => setClosedID(lobbyID),
    },
  );
  const closed = closedID === lobbyID;
  const { connected, refusal, heard } = useLive(subscription);
  if (closed) return { lobby: null, error: null, closed, connected, refusal: null };
  const shown = lobby?.id === lobbyID ? lobby : null;
  const error = refusal?.kind === 'final' && !shown ? refusal.message : null;
  return { lobby: shown, error, closed, connected, refusal: error === null ? refusal : null };
}
