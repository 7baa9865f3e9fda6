/**
 * A lobby: its players, Join/Leave, the host's Kick, Add Bot, Start Game, the Modules and Game
 * Options (checkboxes for the host, yes/no for everyone else), and Fair Dice (the server's
 * commitment and each player's value; a seated player's page sends a random value at once and
 * lets them type their own). Live through lobbies.onLobby, applying only newer sequenceIDs; when
 * the lobby gets a game every viewer is taken to it, and when it closes every viewer is told so.
 * A commitment other than the first this browser saw for the lobby raises a loud warning. While
 * the connection is down the page says 'Reconnecting...', as the game screen does, and every change
 * to the lobby waits for it; the lobby as it is then comes back with the connection (or the word
 * that it closed meanwhile, as a page online is told). While the server refuses the lobby's
 * subscription the same place says why, in the server's words (live-lobby.ts).
 */
import { useEffect, useState } from 'react';
import { Anchor, Box, Container, Paper, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { Link } from '../components/link.js';
import { ReconnectingNotice } from '../components/reconnecting-notice.js';
import { firstCommitment } from '../lib/commitment-memory.js';
import { LOBBY_OFFLINE, LOBBY_OFFLINE_ID, LOBBY_SIGNED_OUT } from '../lib/offline-words.js';
import { useSession } from '../lib/session.js';
import { trpc } from '../lib/trpc.js';
import { useLiveLobby } from '../lobby/live-lobby.js';
import { LobbyView } from '../lobby/lobby-view.js';

function LobbyPage() {
  const { lobbyID = '' } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const { lobby, error, closed, connected, refusal } = useLiveLobby(lobbyID);
  // Set while this person's Leave is under way: the lobby closing then is their own doing (it
  // reaches the page before the answer to the leave), not news to show them on the way out.
  const [leaving, setLeaving] = useState(false);
  const definitions = trpc.definitions.get.useQuery(undefined, { staleTime: Infinity });

  const gameID = lobby?.game?.id ?? null;
  const commitment = lobby?.serverSecretCommitment ?? null;
  useEffect(() => {
    if (!gameID) return;
    // The game must show the commitment this lobby first showed here: the game screen checks it.
    if (commitment) firstCommitment(`game/${gameID}/server`, firstCommitment(`lobby/${lobbyID}`, commitment));
    navigate(`/game/${gameID}`, { replace: true });
  }, [gameID, commitment, lobbyID, navigate]);

  return (
    <Container size="lg" px={{ base: 'xs', sm: 'md' }}>
      {/* As the game screen says it: the lobby's buttons wait for the connection, and point here for why. */}
      {!connected && !closed && !error ? (
        <Box mb="sm">
          <ReconnectingNotice id={LOBBY_OFFLINE_ID} refusal={refusal}>
            {refusal?.kind === 'signed-out' ? LOBBY_SIGNED_OUT : LOBBY_OFFLINE}
          </ReconnectingNotice>
        </Box>
      ) : null}
      {closed && leaving ? (
        <Text c="dimmed" py="xl" ta="center">
          Leaving the lobby...
        </Text>
      ) : closed ? (
        <Paper className="mythos-parchment" p="lg">
          <Title order={1}>This lobby has closed</Title>
          <Text mt="sm">Everyone left it, or it went a long while with nobody on its page.</Text>
          <Anchor component={Link} to="/lobby-list" mt="sm" display="inline-block">
            Find another lobby
          </Anchor>
        </Paper>
      ) : error && !lobby ? (
        <Paper className="mythos-parchment" p="lg">
          <Title order={1}>Lobby not available</Title>
          <Text mt="sm">{error}</Text>
          <Anchor component={Link} to="/lobby-list" mt="sm" display="inline-block">
            Find another lobby
          </Anchor>
        </Paper>
      ) : !lobby || !user ? (
        <Text c="dimmed" py="xl" ta="center">
          Loading lobby...
        </Text>
      ) : (
        // Keyed by the lobby: what one lobby told this person (a removal, say) is not another's.
        <LobbyView key={lobby.id} lobby={lobby} user={user} definitions={definitions.data} connected={connected} leaving={leaving} onLeaving={setLeaving} />
      )}
    </Container>
  );
}

export function Page() {
  return <LobbyPage />;
}
