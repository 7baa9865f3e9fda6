/** A lobby, live: lobbies.onLobby, applying only newer sequenceIDs. */
import { useState } from 'react';
import type { Lobby } from '../lib/api-types.js';
import { trpc } from '../lib/trpc.js';

/** The newest lobby state from the subscription: an older or equal sequenceID is ignored. */
export function useLiveLobby(lobbyID: string): { lobby: Lobby | null; error: string | null } {
  const [lobby, setLobby] = useState<Lobby | null>(null);
  const [error, setError] = useState<string | null>(null);
  trpc.lobbies.onLobby.useSubscription(
    { lobbyID },
    {
      onData: (next) => setLobby((held) => (held && held.id === next.id && held.sequenceID >= next.sequenceID ? held : next)),
      onError: (failure) => setError(failure.message),
    },
  );
  return { lobby: lobby?.id === lobbyID ? lobby : null, error };
}
