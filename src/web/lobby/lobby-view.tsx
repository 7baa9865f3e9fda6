/**
 * A lobby's page body: its players, Join/Leave, the host's Kick, Add Bot, Start Game, the Modules
 * and Game Options (checkboxes for the host, yes/no for everyone else; with them the lobby setting
 * "Show odds to players"), the turn timer, and Fair
 * Dice (the server's commitment and each player's value; a seated player's page sends a random
 * value at once and lets them type their own). A rematch's lobby says who of the finished game's
 * people declined it.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, CopyButton, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { MAX_PLAYERS, MIN_PLAYERS } from '../../engine/state.js';
import { CommitmentWarning } from '../components/commitment-warning.js';
import { FairDicePanel } from './fair-dice-panel.js';
import { LobbyNews } from './lobby-news.js';
import { LobbyPanel } from './lobby-panel.js';
import { randomSeedValue } from './seat-value.js';
import { ChatButton } from '../game/presentation/game-chat-button.js';
import type { Definitions, Lobby, PublicUser } from '../lib/api-types.js';
import { useChatOverlayFits } from '../lib/chat-layout.js';
import { trpc } from '../lib/trpc.js';
import { LobbyPlayers } from './lobby-players.js';
import { LOBBY_OFFLINE_ID } from '../lib/offline-words.js';
import { OPTION_HINTS, OPTION_LABELS, served, SHOW_ODDS_HINT, SHOW_ODDS_LABEL, type BotType, type LobbyAction, type ModuleKey, type Toggle } from './options.js';
import { rematchDeclinedText } from './rematch-declines.js';
import { LobbySetting } from './setting.js';
import { TurnTimerPanel } from './turn-timer-panel.js';
import classes from './lobby-view.module.css';
import { UNRATED_WORDS } from '../ratings/unrated-words.js';
import { UserText } from '../components/user-text.js';

/** The ids of the lines that say why a control waits, for its aria-describedby (none: undefined). */
const describedBy = (...ids: (string | false)[]): string | undefined => ids.filter((id) => id !== false).join(' ') || undefined;

/**
 * `connected`: false while the connection is down, when every change to the lobby waits (its
 * controls disabled, pointing at the page's notice for why); Copy invite link and the chat go on.
 * `leaving`: this person's Leave is under way (the page keeps it, for the lobby closing behind
 * them); `onLeaving` sets it when Leave starts, and clears it if the leave is refused.
 */
export function LobbyView({
  lobby,
  user,
  definitions,
  connected,
  leaving,
  onLeaving,
}: {
  lobby: Lobby;
  user: PublicUser;
  definitions: Definitions | undefined;
  connected: boolean;
  leaving: boolean;
  onLeaving: (leaving: boolean) => void;
}) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ action: LobbyAction; message: string } | null>(null);
  const [bot, setBot] = useState<BotType>('easy_bot');
  const input = { lobbyID: lobby.id };
  const join = trpc.lobbies.join.useMutation();
  const leave = trpc.lobbies.leave.useMutation();
  const kick = trpc.lobbies.kick.useMutation();
  const addBot = trpc.lobbies.addBot.useMutation();
  const start = trpc.lobbies.start.useMutation();
  const setOption = trpc.lobbies.setOption.useMutation();
  const setModule = trpc.lobbies.setModule.useMutation();
  const setTurnTimer = trpc.lobbies.setTurnTimer.useMutation();
  const setTurnPace = trpc.lobbies.setTurnPace.useMutation();
  const setShowOdds = trpc.lobbies.setShowOdds.useMutation();
  const contribute = trpc.lobbies.contribute.useMutation();
  const busy = [join, leave, kick, addBot, start].some((m) => m.isPending);
  // The people this host removed: their row goes with them, and the lobby's news says so.
  const kicked = useRef(new Set<string>()).current;
  const offline = !connected;
  // A toggled box shows its new state at once, until the lobby as the server sends it shows it
  // too, or the change is refused. (The answer to the change comes over HTTP, the lobby over the
  // websocket: letting go at the answer showed the old state for a moment, a flicker.)
  const [toggling, setToggling] = useState<Partial<Record<Toggle, boolean>>>({});
  /** What changing a box does: its new state shown at once and sent, and let go if refused. */
  const changeOf = (key: Toggle, action: LobbyAction, send: (value: boolean) => Promise<unknown>) => async (value: boolean) => {
    setToggling((held) => ({ ...held, [key]: value }));
    if (!(await call(action, () => send(value)))) setToggling(({ [key]: _, ...rest }) => rest);
  };
  useEffect(() => {
    setToggling((held) => {
      const waiting = Object.entries(held).filter(([key, value]) => served(lobby, key as Toggle) !== value);
      return waiting.length === Object.keys(held).length ? held : Object.fromEntries(waiting);
    });
  }, [lobby]);
  /** A box's state: as toggled, while the server has not sent it back yet; else as served. */
  const on = (key: Toggle) => toggling[key] ?? served(lobby, key);

  const isHost = lobby.host.id === user.id;
  const seated = lobby.players.some((p) => p.id === user.id);
  // Seated a moment ago and not now, without having pressed Leave: the host removed this person,
  // who is told so, and not offered Join (the server keeps them out of this lobby).
  const [wasSeated, setWasSeated] = useState(seated);
  const [removed, setRemoved] = useState(false);
  const [removedNoticeClosed, setRemovedNoticeClosed] = useState(false);
  if (wasSeated !== seated) {
    setWasSeated(seated);
    if (wasSeated && !leaving) setRemoved(true);
  }
  const open = lobby.status === 'open';
  /** The host of a lobby not yet started: adds bots, starts it, and changes its settings (everyone else reads them). */
  const hosting = isHost && open;
  // A game needs two seats filled: until then Start Game waits, saying what it waits for (the
  // server still refuses a start it cannot make, shown as any lobby failure).
  const enoughPlayers = lobby.players.length >= MIN_PLAYERS;
  // Every seat taken: nobody can join or add a bot until someone leaves (the server would refuse).
  const full = lobby.players.length >= MAX_PLAYERS;
  const declined = open ? rematchDeclinedText(lobby.rematch) : null;

  // Told to each person who shares a network with another at the table, of their own seat alone
  // (who shares one with whom is nobody else's business), and asked again whenever the lobby's
  // people change.
  const people = lobby.players.map((p) => p.id).join(' ');
  const askShared = seated && open && lobby.players.length > 1;
  const sharedAddress = trpc.lobbies.sharedAddress.useQuery({ lobbyID: lobby.id }, { enabled: askShared });
  const { refetch: askAgain } = sharedAddress;
  const askedFor = useRef(people);
  useEffect(() => {
    if (askedFor.current === people) return;
    askedFor.current = people;
    if (askShared) void askAgain();
  }, [people, askShared, askAgain]);
  const unratedTogether = askShared && sharedAddress.data?.shared === true;

  // A seated player without a value for the dice gets a random one from this page, once per seat
  // (one given before a reload, or typed, stays). Leaving and joining again sends a new one.
  const mySeat = lobby.players.find((p) => p.id === user.id);
  const needsValue = open && mySeat !== undefined && mySeat.seedValue === null;
  const sentRandom = useRef(false);
  const { mutateAsync: giveValue } = contribute;
  useEffect(() => {
    if (!seated) sentRandom.current = false;
    if (!needsValue || sentRandom.current) return;
    sentRandom.current = true;
    giveValue({ lobbyID: lobby.id, value: randomSeedValue() }).catch((error: unknown) =>
      setFailure({ action: 'contribute', message: error instanceof Error ? error.message : String(error) }),
    );
  }, [needsValue, seated, giveValue, lobby.id]);

  /** Runs a lobby change; false (with the refusal shown) if it failed. */
  async function call(action: LobbyAction, run: () => Promise<unknown>, then?: () => void): Promise<boolean> {
    setFailure(null);
    try {
      await run();
      then?.();
      return true;
    } catch (error) {
      setFailure({ action, message: error instanceof Error ? error.message : String(error) });
      return false;
    }
  }

  /** Leave: the page is told first, so that the lobby closing behind this person is not news to them. */
  function leaveLobby() {
    onLeaving(true);
    void call('remove_player', () => leave.mutateAsync(input), () => navigate('/')).then((left) => left || onLeaving(false));
  }

  const overlayChat = useChatOverlayFits();
  const bots = (definitions?.bots ?? []).filter((b) => b.visibility === 'visible' || (b.visibility === 'devOnly' && user.isDev));
  const options = (definitions?.options ?? []).filter((o) => !o.devOnly || user.isDev || lobby.options[o.key]);
  const modules = (definitions?.modules ?? []).filter(
    (m) => m.state === 'enabled' || (m.state === 'devOnly' && user.isDev) || lobby.modules.includes(m.key),
  );

  return (
    <Stack gap="md">
      <LobbyNews lobby={lobby} viewerID={user.id} kicked={kicked} definitions={definitions} />
      <Group justify="space-between" align="flex-end">
        <div className={classes.heading}>
          <Title order={1}>
            <UserText>{lobby.name}</UserText>
          </Title>
          <Text c="dimmed" size="sm">
            Hosted by <UserText>{lobby.host.name}</UserText> · {lobby.players.length} of {MAX_PLAYERS} seats taken
          </Text>
        </div>
        <Group gap="xs">
          {seated && open && (
            // The way to bring someone: the lobby's own address, which opens it for them to join.
            <CopyButton value={`${window.location.origin}/lobby/${lobby.id}`}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy} aria-live="polite">
                  {copied ? 'Link copied' : 'Copy invite link'}
                </Button>
              )}
            </CopyButton>
          )}
          {!seated && open && !removed && (
            <Button onClick={() => call('join', () => join.mutateAsync({ ...input, value: randomSeedValue() }))} loading={join.isPending} disabled={busy || full || offline} aria-describedby={describedBy(full && 'full-hint', offline && LOBBY_OFFLINE_ID)}>
              Join
            </Button>
          )}
          {seated && open && (
            <Button variant="default" onClick={leaveLobby} loading={leave.isPending} disabled={busy || offline} aria-describedby={describedBy(offline && LOBBY_OFFLINE_ID)}>
              Leave
            </Button>
          )}
          {hosting && (
            <Button color="gold" onClick={() => call('start', () => start.mutateAsync(input))} loading={start.isPending} disabled={busy || !enoughPlayers || offline} aria-describedby={describedBy(!enoughPlayers && 'start-hint', offline && LOBBY_OFFLINE_ID)}>
              Start Game
            </Button>
          )}
          {overlayChat ? null : <ChatButton />}
        </Group>
      </Group>
      {open && full && (
        <Text id="full-hint" size="sm" ta={{ base: 'left', sm: 'right' }}>
          All {MAX_PLAYERS} seats are taken.
        </Text>
      )}
      {seated && open && !isHost && (
        // A seated player who does not host has nothing to press but Leave: without a word, a
        // friend who joined sat before the settings not knowing who starts the game, or that
        // anyone would. No live region: a new host is said once, by the lobby's news.
        <Text size="sm" ta={{ base: 'left', sm: 'right' }} data-testid="waiting-for-host">
          Waiting for <UserText>{lobby.host.name}</UserText> to start the game.
        </Text>
      )}
      {hosting && !enoughPlayers && (
        <Text id="start-hint" size="sm" ta={{ base: 'left', sm: 'right' }}>
          Add a bot or wait for a second player to start.
        </Text>
      )}
      {declined && (
        <Text size="sm" role="status" ta={{ base: 'left', sm: 'right' }}>
          {declined}
        </Text>
      )}
      <CommitmentWarning place="lobby" checks={[{ key: `lobby/${lobby.id}`, shown: lobby.serverSecretCommitment, what: "the server's secret" }]} />
      {removed && !removedNoticeClosed && (
        <Alert color="gold" variant="light" role="status" title="You were removed from this lobby" withCloseButton closeButtonLabel="Dismiss" onClose={() => setRemovedNoticeClosed(true)}>
          The host removed you, and you cannot join this lobby again.
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert" title={`Error adding calling lobby ${failure.action}`} withCloseButton closeButtonLabel="Dismiss" onClose={() => setFailure(null)}>
          {failure.message}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <LobbyPanel title="Players" className={classes.players}>
          <LobbyPlayers lobby={lobby} user={user} busy={busy} offline={offline} onKick={(playerID) => {
              kicked.add(playerID);
              void call('remove_player', () => kick.mutateAsync({ ...input, playerID }));
            }} />
          {unratedTogether ? (
            <Text size="sm" mt="xs" data-testid="unrated-address">
              {UNRATED_WORDS.address}
            </Text>
          ) : null}
          {hosting && (
            <Group mt="md" gap="xs" align="flex-end" wrap="nowrap">
              <NativeSelect
                label="Bot"
                value={bot}
                onChange={(event) => setBot(event.currentTarget.value as BotType)}
                data={bots.map((b) => ({ value: b.type, label: b.label }))}
                flex={1}
              />
              <Button
                variant="default"
                onClick={() => call('add_bot', () => addBot.mutateAsync({ ...input, botType: bot }))}
                loading={addBot.isPending}
                disabled={busy || full || offline}
                aria-describedby={describedBy(full && 'full-hint', offline && LOBBY_OFFLINE_ID)}
              >
                Add Bot
              </Button>
            </Group>
          )}
        </LobbyPanel>
        <Stack gap="md">
          <LobbyPanel title="Modules">
            {modules.length === 0 && <Text c="dimmed">No modules available.</Text>}
            <Stack gap="xs">
              {modules.map((module) => {
                const key = module.key as ModuleKey;
                const change = hosting ? changeOf(`module/${key}`, 'set_module', (enabled) => setModule.mutateAsync({ ...input, module: key, enabled })) : undefined;
                return <LobbySetting key={key} label={module.name} hint={module.description} value={on(`module/${key}`)} onChange={change} offline={offline} />;
              })}
            </Stack>
          </LobbyPanel>
          <LobbyPanel title="Game Options">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              {options.map((option) => {
                // A host who took over a developer's lobby may turn its developer options off, not on.
                const mayChange = hosting && (!option.devOnly || user.isDev || lobby.options[option.key]);
                const change = mayChange ? changeOf(`option/${option.key}`, 'set_game_option', (value) => setOption.mutateAsync({ ...input, option: option.key, value })) : undefined;
                return <LobbySetting key={option.key} label={OPTION_LABELS[option.key]} hint={OPTION_HINTS[option.key]} value={on(`option/${option.key}`)} onChange={change} offline={offline} />;
              })}
            </SimpleGrid>
            <hr className="mythos-rule" />
            <LobbySetting
              label={SHOW_ODDS_LABEL}
              hint={SHOW_ODDS_HINT}
              value={on('setting/showOdds')}
              onChange={hosting ? changeOf('setting/showOdds', 'set_show_odds', (value) => setShowOdds.mutateAsync({ ...input, value })) : undefined}
              offline={offline}
            />
          </LobbyPanel>
          <TurnTimerPanel
            lobby={lobby}
            hosting={hosting}
            offline={offline}
            onTimer={(turnTimer) => void call('set_turn_timer', () => setTurnTimer.mutateAsync({ ...input, turnTimer }))}
            onPace={(pace) => void call('set_turn_pace', () => setTurnPace.mutateAsync({ ...input, pace }))}
          />
          <FairDicePanel lobby={lobby} user={user} busy={contribute.isPending || offline} onGive={(value) => call('contribute', () => contribute.mutateAsync({ ...input, value }))} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
