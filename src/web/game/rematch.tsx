/**
 * Rematch, in the end-of-game view of a game's players: the first to press it opens a lobby with
 * the game's settings and bots (lobbies.rematch.create) and goes there; the others see "{name}
 * offers a rematch" as soon as it is open (lobbies.rematch.onOffer), and pressing Rematch joins it,
 * or Decline declines it (lobbies.rematch.decline; its host's lobby says so): as on lichess, once
 * for the game, after which no Rematch is offered to them.
 * A player who was alone with bots has nobody to wait for: the lobby's game starts at once (a
 * Start Game press that was always needed, and a lobby left open when it was not made).
 * An offer that is no longer open (its host started without them, or everyone left it) says so, as
 * Rematch then opens a new lobby.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useRetried } from '../lib/connection.js';
import { seatValueAfter } from '../lobby/seat-value.js';
import { trpc } from '../lib/trpc.js';
import { rematchGoneText, rematchOfferText, type RematchProps } from './presentation/end-rematch.js';
import { ALREADY_IN_LOBBY } from '../../shared/lobby.js';

export function Rematch({ gameID, me, nameOf, withBots, aloneWithBots }: RematchProps) {
  const navigate = useNavigate();
  const offer = trpc.lobbies.rematch.onOffer.useSubscription({ gameID });
  // Refused when asked again after a drop, the offer is asked again by itself: a rematch offered
  // meanwhile would never have shown.
  const { heard } = useRetried(offer);
  useEffect(() => {
    if (offer.data !== undefined) heard();
  }, [offer.data, heard]);
  const create = trpc.lobbies.rematch.create.useMutation();
  const join = trpc.lobbies.join.useMutation();
  const start = trpc.lobbies.start.useMutation();
  const contribute = trpc.lobbies.contribute.useMutation();
  const decline = trpc.lobbies.rematch.decline.useMutation({ onError: (e) => setError(e.message) });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const current = offer.data ?? null;
  const offered = current !== null && current.open && current.hostID !== me;
  // The viewer opened it and came back to the game: Rematch goes back to it, and says so (a plain
  // Rematch gave no sign the lobby was open, and pressing it asked the server to seat them again).
  const mine = current !== null && current.open && current.hostID === me;
  const declined = decline.isSuccess || current?.declined.includes(me) === true;
  // Someone else's rematch that started without the viewer or closed: the next press opens another.
  const gone = current !== null && !current.open && current.hostID !== me;

  async function rematch() {
    if (mine) return void navigate(`/lobby/${current.lobbyID}`);
    setPending(true);
    setError(null);
    try {
      const { lobbyID, created, serverSecretCommitment } = await create.mutateAsync({ gameID });
      // The person's value for the dice goes with their seat, as from the lobby list, or before a
      // start at once with bots alone.
      if (!created) {
        const lobby = await join.mutateAsync({ lobbyID, value: seatValueAfter(lobbyID, serverSecretCommitment) }).then(
          () => lobbyID,
          // Already seated in it (pressed before): it is gone back to.
          (e: unknown) => {
            if (e instanceof Error && e.message === ALREADY_IN_LOBBY) return lobbyID;
            throw e;
          },
        );
        return void navigate(`/lobby/${lobby}`);
      }
      if (aloneWithBots) {
        // Refused (say, too many games at once): to the lobby, where Start Game says why.
        const started = await contribute
          .mutateAsync({ lobbyID, value: seatValueAfter(lobbyID, serverSecretCommitment) })
          .then(() => start.mutateAsync({ lobbyID }))
          .catch(() => null);
        if (started) return void navigate(`/game/${started.gameID}`);
      }
      void navigate(`/lobby/${lobbyID}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setPending(false);
    }
  }

  return (
    <div data-rematch={declined ? 'declined' : offered ? 'offered' : mine ? 'mine' : gone ? 'gone' : current ? 'open' : 'none'}>
      <Group gap="xs" align="center" mt={10}>
        {declined ? (
          <Text size="sm" role="status">
            You declined the rematch.
          </Text>
        ) : (
          <>
            {/* What is offered comes first, read and drawn, then the buttons that answer it (on a
                phone the buttons stood above the words they answer). */}
            {offered && (
              <Text size="sm" role="status" data-rematch-offer>
                {rematchOfferText(nameOf(current.hostID), withBots)}
              </Text>
            )}
            {mine && (
              <Text size="sm" role="status">
                You opened a rematch lobby.
              </Text>
            )}
            {gone && (
              <Text size="sm" role="status" data-rematch-gone>
                {rematchGoneText(nameOf(current.hostID))}
              </Text>
            )}
            <Button color="gold" variant={offered ? 'filled' : 'outline'} onClick={() => void rematch()} loading={pending}>
              Rematch
            </Button>
            {offered && (
              <Button variant="default" onClick={() => decline.mutate({ gameID })} loading={decline.isPending} disabled={pending}>
                Decline
              </Button>
            )}
          </>
        )}
      </Group>
      {error && (
        <Text size="sm" c="red.3" role="alert" mt={4}>
          {error}
        </Text>
      )}
    </div>
  );
}
