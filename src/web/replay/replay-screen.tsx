/**
 * /game/{id}/replay: a finished game stepped through in the game screen's own look and
 * components (table, boards, player list, log, clash dice and animations), rebuilt in this
 * browser from its setup, actions and revealed seed (use-replay.ts). Step by step and turn by
 * turn with the buttons, the scrubber or the keyboard (left/right a step, up/down a turn,
 * Home/End); `?step=N` opens at step N and follows the step shown. The viewer sees through a
 * seat's eyes or a spectator's, as it was at that step (the engine's viewFor), or everything
 * ('Reveal all': the seed is public once the game ended). The fair-dice line says whether the
 * rebuild gives every deal and die the server logged.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ActionIcon, Box, Button, Container, Group, Paper, Select, Slider, Stack, Switch, Tooltip } from '@mantine/core';
import { PageError } from '../components/page-error.js';
import { PageLoading } from '../components/page-loading.js';
import { usePhoneWidth } from '../lib/phone-width.js';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight, IconPlayerSkipBack, IconPlayerSkipForward } from '@tabler/icons-react';
import { Link } from '../components/link.js';
import type { Action } from '../../engine/actions/action.js';
import type { Game } from '../../engine/state.js';
import type { UserID } from '../../engine/types.js';
import { eventsFor, openViewFor } from '../../engine/view.js';
import { AGE_COUNT } from '../../engine/state.js';
import type { GameScreenState, GameUser, WireGame } from '../game/model.js';
import { nameOf, usersByIDOf } from '../game/model.js';
import { PlayerDetailModal } from '../game/player-list.js';
import type { PickableProps } from '../game/table.js';
import { Boards, DESKTOP_FRAME, DesktopGrid, PlayerSummaries, SummaryRow, TableStack } from '../game/table-layout.js';
import { TableTabs } from '../game/table-tabs.js';
import { Presentation } from '../game/presentation-slots.js';
import { ForfeitsSource, NamesRatingsSource } from '../game/presentation/end-rating-source.js';
import { CountersJump } from '../game/presentation/use-ticking-number.js';
import { formatDuration, PHASE_NAMES } from '../game/presentation/format.js';
import presentation from '../game/presentation/presentation.module.css';
import { useNoHover } from '../lib/touch.js';
import { useSession } from '../lib/session.js';
import { trpc } from '../lib/trpc.js';
import { ReplayOddsBar, ReplayOddsChart, type ReplayOddsProps } from '../odds/replay-odds.js';
import { DownloadReplayFile } from './download-file.js';
import { useRatingsThen } from './ratings-then.js';
import { useReplayStep, type StepMove } from './use-replay-step.js';
import { turnStep, type ReplayMoment } from './moments.js';
import { useReplay, type Replay } from './use-replay.js';
import { VerifyLine } from './verify-line.js';
import classes from './replay.module.css';
import { UserText } from '../components/user-text.js';

const SPECTATOR = 'spectator';
/** Room kept below a phone's replay for its docked buttons, so its last line can scroll above them. */
const DOCKED_ROOM = 72;

/** What the viewer is shown of a game: a seat's or a spectator's view, or (reveal all) everything. */
function viewOf(game: Game, viewer: UserID | null, reveal: boolean): { game: WireGame; events: Game['events'] } {
  if (!reveal) return { game: openViewFor(game, viewer), events: eventsFor(game, 0, viewer) };
  const open = openViewFor(game, viewer);
  return {
    game: {
      ...open,
      players: game.players,
      bidsByPlayerID: game.bidsByPlayerID,
      resolvesByPlayerID: game.resolvesByPlayerID,
      rollSelectionsByPlayerID: game.rollSelectionsByPlayerID,
      deck: game.deck,
      discard: game.discard,
      tributeDeck: game.tributeDeck,
      tributeDiscard: game.tributeDiscard,
    },
    events: game.events,
  };
}

const VERBS: Record<Action['type'], string> = {
  BID: 'placed a bid',
  UNBID: 'took back a bid',
  REROLL: 'chose on a reroll',
  RESOLVE: 'chose a gain',
};

/** What led to a moment, in words that tell nothing hidden (a bid's card and size show on the board when revealed). */
function describe(moment: ReplayMoment, users: Record<string, GameUser>): string {
  const entry = moment.entry;
  if (!entry) return 'The game begins';
  const who = users[entry.userID]?.name ?? entry.userID;
  return `${who} ${VERBS[entry.action.type]}${entry.standIn ? ` (a stand-in chose: ${entry.standIn})` : ''}`;
}

export function ReplayScreen({ gameID }: { gameID: string }) {
  const { replay, error } = useReplay(gameID);
  if (error) {
    return (
      <Container size="lg" py="md">
        <PageError title="This replay cannot be shown">{error}</PageError>
      </Container>
    );
  }
  if (!replay) return <PageLoading label="Loading the replay">Loading the replay and checking its dice...</PageLoading>;
  return <LoadedReplay replay={replay} backTo={`/game/${gameID}`} />;
}

/** The signed-in person's seat in the game (their user id), or null: not signed in, or not one of its players. */
function useOwnSeat(seats: readonly { userID: string }[]): string | null {
  const { user } = useSession();
  return user && seats.some((seat) => seat.userID === user.id) ? user.id : null;
}

/**
 * A replay ready to step through. `backTo`: the game's own page, for a game of this server (a
 * replay opened from a file has none). `besideDice`: shown after the fair-dice line (/replay's
 * word on whether the file is the game this site recorded). `oddsKey`: what the odds are worked
 * out and kept under, the game's id for a game of this server; a file's own (chart-store.ts
 * `fileOddsKey`), since the id a file names is whatever its maker wrote.
 */
export function LoadedReplay({ replay, backTo, besideDice = null, oddsKey = replay.record.id }: { replay: Replay; backTo: string | null; besideDice?: React.ReactNode; oddsKey?: string }) {
  const compact = usePhoneWidth();
  const touch = useNoHover();
  const { moments, record } = replay;
  const last = moments.length - 1;
  const [step, go] = useReplayStep(last);
  // A player's own game opens through their own eyes (as its page showed it to them); anyone else's
  // through a spectator's. Until they choose: the session may answer a moment after the first draw.
  const ownSeat = useOwnSeat(record.seats);
  const [chosen, setViewer] = useState<string | null>(null);
  const viewer = chosen ?? ownSeat ?? SPECTATOR;
  const [reveal, setReveal] = useState(false);
  const [detailID, setDetailID] = useState<string | null>(null);

  const ids = useMemo(() => record.seats.map((s) => s.userID), [record.seats]);
  const users = trpc.users.byIDs.useQuery({ ids }, { staleTime: Infinity });
  const usersByID = useMemo(() => usersByIDOf(users.data), [users.data]);

  // The odds (src/web/odds): always from the spectator's view of the step, whoever's eyes are chosen.
  const games = useMemo(() => moments.map((m) => m.game), [moments]);
  const oddsProps: ReplayOddsProps = useMemo(
    () => ({ id: oddsKey, games, step, seats: moments[0]!.game.players.map((p) => ({ userID: p.userID, color: p.color, name: usersByID[p.userID]?.name ?? p.userID })) }),
    [oddsKey, games, step, moments, usersByID],
  );
  const oddsChart = (
    <Paper p="xs" withBorder className={classes.oddsPanel}>
      <ReplayOddsChart {...oddsProps} height={compact ? 220 : 200} />
    </Paper>
  );

  const moment = moments[step]!;
  const me = viewer === SPECTATOR ? null : viewer;
  // The step's table apart from the names: a new table is a new step to the animations, which stop
  // what the step before still played; the names arriving a moment after a step forward onto a
  // clash stopped its dice mid-roll.
  const view = useMemo(() => viewOf(moment.game, me, reveal), [moment, me, reveal]);
  const state = useMemo(
    (): GameScreenState => ({ game: view.game, events: view.events, cardsByID: record.cardsByID, tributeCardsByID: record.tributeCardsByID, me, usersByID, awayByUserID: {}, seatsByUserID: {}, clockOffsetMs: 0 }),
    [view, me, record, usersByID],
  );

  // The keyboard: left/right a step, up/down a turn (or shift+left/right), Home/End. On the step
  // slider too, which would otherwise take up/down as a step each (its own keys, as sliders do):
  // after a drag left it focused, ↓ went a step back where the legend promised a turn forward. So
  // the keys are read first (the capture phase), and the slider does not see them.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      const onStepSlider = target?.closest('[role="slider"][aria-label="Step"]') != null;
      if (!onStepSlider && target?.closest('input, textarea, select, [role="slider"], [role="combobox"], [role="listbox"], [role="dialog"], [contenteditable="true"]')) return;
      let move: StepMove | null = null;
      if (event.key === 'ArrowRight') move = event.shiftKey ? (s) => turnStep(moments, s, 1) : (s) => s + 1;
      else if (event.key === 'ArrowLeft') move = event.shiftKey ? (s) => turnStep(moments, s, -1) : (s) => s - 1;
      else if (event.key === 'ArrowDown') move = (s) => turnStep(moments, s, 1);
      else if (event.key === 'ArrowUp') move = (s) => turnStep(moments, s, -1);
      else if (event.key === 'Home') move = 0;
      else if (event.key === 'End') move = last;
      if (move === null) return;
      event.preventDefault();
      if (onStepSlider) event.stopPropagation();
      go(move);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [moments, last, go]);

  // The dice roll and the cards fly as on the game screen, for a step forward: one step, not a
  // jump (a turning point's link, a turn, End), which went on to roll the first clash it passed
  // (turn 1's, over turn 3's planning).
  const [arrival, setArrival] = useState({ step, byOneStep: false });
  if (arrival.step !== step) setArrival({ step, byOneStep: step === arrival.step + 1 });
  const byOneStep = arrival.step === step ? arrival.byOneStep : step === arrival.step + 1;
  const { awaiting } = Presentation.useEventAnimations(state, { disabled: !byOneStep, supersede: true });
  const presented = Presentation.usePresentedState(state);
  // As on the game screen: a phase a clash leads to sounds when its dice have settled.
  Presentation.useGameSounds(presented);

  const g = moment.game;
  const ended = g.gameEndTimestamp !== null;
  const viewOptions = [
    { value: SPECTATOR, label: 'A spectator' },
    ...record.seats.map((s, i) => ({ value: s.userID, label: `Seat ${i + 1}${s.userID === ownSeat ? ' (you)' : ''}: ${usersByID[s.userID]?.name ?? s.userID}` })),
  ];
  const button = (label: string, move: StepMove, icon: React.ReactNode, disabled: boolean) => (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="light" color="gold" size="lg" aria-label={label} onClick={() => go(move)} disabled={disabled}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );

  const timer = (
    <span className={presentation.timer} title="Game time at this step">
      {formatDuration(g.updateTimestamp - g.gameStartTimestamp)}
    </span>
  );
  const controls = (
    <section className={classes.controls} aria-labelledby="replay-title" data-testid="replay-controls">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <h1 id="replay-title" className={classes.title}>
          Replay
        </h1>
        {backTo ? (
          <Group gap="xs" wrap="wrap">
            <DownloadReplayFile gameID={record.id} />
            <Button component={Link} to={backTo} variant="subtle" color="gold" size="compact-sm">
              Back to the game
            </Button>
          </Group>
        ) : null}
      </Group>
      {/* The step's action, then the table it left: "Resolution · Alice placed a bid" read as if
          the bid were placed in the resolution. */}
      <p className={classes.where} aria-live="polite" data-testid="replay-where">
        Step {step} of {last} · <span className={classes.what}>{describe(moment, usersByID)}</span> · Now: Age {g.age}/{AGE_COUNT}, turn {g.turn}/{g.turnsPerAge},{' '}
        {ended ? 'game over' : PHASE_NAMES[g.phase]}
      </p>
      <ReplayNews state={presented} quiet={!byOneStep} />
      {/* On a phone the buttons are docked at the foot of the screen, as the game's action panel
          is: at the top they scrolled away with the controls, and each step meant scrolling back. */}
      <div className={compact ? `${classes.buttons} ${classes.docked}` : classes.buttons} data-testid="replay-buttons">
        {button('First step (Home)', 0, <IconPlayerSkipBack size={18} aria-hidden />, step === 0)}
        {button('Previous turn (Up)', (s) => turnStep(moments, s, -1), <IconChevronsLeft size={18} aria-hidden />, step === 0)}
        {button('Previous step (Left)', (s) => s - 1, <IconChevronLeft size={18} aria-hidden />, step === 0)}
        {button('Next step (Right)', (s) => s + 1, <IconChevronRight size={18} aria-hidden />, step === last)}
        {button('Next turn (Down)', (s) => turnStep(moments, s, 1), <IconChevronsRight size={18} aria-hidden />, step === last)}
        {button('Last step (End)', last, <IconPlayerSkipForward size={18} aria-hidden />, step === last)}
        {/* On a phone the step sits over the time, in a column as wide as the time whatever the
            step: beside it, a step a digit longer pushed the time onto a second line and moved
            every button under the thumb. */}
        {compact ? (
          <span className={classes.dockedClock}>
            <span className={classes.dockedStep} aria-hidden>
              {step}/{last}
            </span>
            {timer}
          </span>
        ) : (
          timer
        )}
      </div>
      <Slider value={step} min={0} max={Math.max(last, 1)} step={1} onChange={go} label={(v) => `Step ${v}`} color="gold" thumbLabel="Step" aria-label="Step" disabled={last === 0} />
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select label="See it through the eyes of" data={viewOptions} value={viewer} onChange={(v) => setViewer(v ?? SPECTATOR)} allowDeselect={false} w={compact ? '100%' : 260} comboboxProps={{ withinPortal: true }} />
        <Switch label="Reveal all" description="Everything, hidden or not: the seed is public now" checked={reveal} onChange={(e) => setReveal(e.currentTarget.checked)} color="gold" />
      </Group>
      {/* Keys are for a keyboard: a phone's player has the buttons and the slider. */}
      {touch ? null : (
        <p className={classes.keys}>
          Keys: <kbd>←</kbd> <kbd>→</kbd> a step, <kbd>↑</kbd> <kbd>↓</kbd> a turn, <kbd>Home</kbd> <kbd>End</kbd>.
        </p>
      )}
    </section>
  );

  const bids = <Bids state={presented} />;
  const pickable: PickableProps = {
    state,
    me: state.game.players.find((p) => p.userID === me) ?? null,
    selectedCardID: null,
    pickableTradeRow: () => false,
    pickableBasic: false,
    onPick: () => undefined,
    cardWidth: compact ? 96 : 120,
    fitRow: compact,
  };
  const table = <TableStack pickable={pickable} compact={compact} />;
  const boards = <Boards state={state} compact={compact} />;
  const openDetail = (userID: string) => setDetailID(userID);
  const marks = {
    'data-replay-step': String(step),
    'data-sequence-id': String(g.sequenceID),
    'data-game-phase': g.phase,
    'data-game-ended': ended ? 'true' : 'false',
    'data-viewer': viewer,
    'data-reveal': reveal ? 'true' : 'false',
    'data-awaiting': awaiting ? 'true' : 'false',
  };
  const detail = <PlayerDetailModal state={state} player={state.game.players.find((p) => p.userID === detailID) ?? null} onClose={() => setDetailID(null)} />;

  // The ratings beside the names, as they were at this step. The counters (favor, gold ...) tick
  // up on a step forward, as in a live game, and show a jump's numbers at once: ticking from where
  // the jump started, they showed numbers from steps away for a second after it.
  const ratingsThen = useRatingsThen(record.id, record.seats, ended);
  // Who forfeited, as the replay says (its record's, or a file's: use-replay.ts).
  const { forfeits } = replay;
  const replayForfeits = useCallback(() => forfeits, [forfeits]);
  const withRatings = (screen: React.ReactNode) => (
    <NamesRatingsSource.Provider value={ratingsThen}>
      <ForfeitsSource.Provider value={replayForfeits}>
        <CountersJump.Provider value={!byOneStep}>{screen}</CountersJump.Provider>
      </ForfeitsSource.Provider>
    </NamesRatingsSource.Provider>
  );

  if (compact) {
    return withRatings(
      <Box className="game-screen game-screen-compact replay-screen" pb={DOCKED_ROOM} {...marks}>
        <Stack gap={8}>
          {controls}
          <ReplayOddsBar {...oddsProps} />
          {ended ? <Presentation.WinnerBanner state={state} speaks /> : null}
          <SummaryRow state={presented} onOpen={openDetail} label="Players" />
          <TableTabs
            table={
              <Stack gap="md">
                {bids}
                {table}
              </Stack>
            }
            boards={boards}
            log={<Presentation.EventLog state={presented} />}
            extra={[{ value: 'odds', label: 'Odds', panel: oddsChart }]}
          />
          <VerifyLine verification={replay.verification} />
          {besideDice}
        </Stack>
        {detail}
      </Box>,
    );
  }

  return withRatings(
    <Box className={`game-screen replay-screen ${DESKTOP_FRAME}`} {...marks}>
      <Stack gap={8}>
        {controls}
        <VerifyLine verification={replay.verification} />
        {besideDice}
        <ReplayOddsBar {...oddsProps} />
        {ended ? <Presentation.WinnerBanner state={state} speaks /> : null}
      </Stack>
      <DesktopGrid
        left={
          <Stack gap="sm">
            <PlayerSummaries state={presented} onOpen={openDetail} />
            {bids}
            {oddsChart}
            <Presentation.EventLog state={presented} />
          </Stack>
        }
        right={
          <Stack gap="md">
            {table}
            {boards}
          </Stack>
        }
      />
      {detail}
    </Box>,
  );
}

/** Each player's bid this turn as the chosen eyes saw it: its card and size once seen, else whether one was made. */
function Bids({ state }: { state: GameScreenState }) {
  const g = state.game;
  return (
    <section className={classes.bids} aria-labelledby="replay-bids-title" data-testid="replay-bids">
      <h2 id="replay-bids-title" className={presentation.panelTitle}>
        Bids this turn
      </h2>
      <ul>
        {g.players.map((p) => {
          const cardID = p.bid ? g.tableIDs[p.bid.tradeRowIndex] : undefined;
          const card = cardID === undefined || cardID === null ? null : state.cardsByID[cardID];
          const made = g.phase === 'PLANNING' ? (g.readyByUserID[p.userID] ?? false) : false;
          return (
            <li key={p.userID} data-bid-of={p.userID}>
              <strong>
                <UserText>{nameOf(state, p.userID)}</UserText>
              </strong>
              :{' '}
              {p.bid ? (
                <span data-bid="shown">
                  {p.bid.military} military on {card?.name ?? `trade row card ${p.bid.tradeRowIndex + 1}`}
                </span>
              ) : made ? (
                <span className={classes.hidden} data-bid="hidden">
                  bid made, hidden
                </span>
              ) : (
                <span className={classes.hidden} data-bid="none">
                  no bid
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * What a screen reader hears of a step forward, as on the game screen (the game's news: a clash's
 * result with its totals once its dice have settled, the cards gained); the line above says where
 * the step is. A jump or a step back says nothing more: its news would be a flood, or old. Who
 * won is the winner banner's to say, on a jump as on a step (the news saying it too said it twice).
 */
function ReplayNews({ state, quiet }: { state: GameScreenState; quiet: boolean }) {
  return <Presentation.Announcer state={state} decision={null} waiting={false} quiet={quiet} live={false} />;
}
