/**
 * The game screen: the live state, the table, the players and their boards, the action panel,
 * and the presentation layer (header, log, animations, sounds, end view) around them.
 * Desktop: players and log on the left, the table and the action panel in the middle, boards
 * below. Under 768 px, and on a phone held sideways: a one-thumb layout with the action panel
 * docked at the bottom (down the right side on a phone held sideways: dock.ts) and the table,
 * boards and log in tabs.
 */
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Badge, Box, Container, Group, Stack, Text } from '@mantine/core';
import { PageError } from '../components/page-error.js';
import { PageLoading } from '../components/page-loading.js';
import { ReconnectingNotice } from '../components/reconnecting-notice.js';
import { CLOCK_RUNS_OFFLINE } from '../lib/offline-words.js';
import type { Refusal } from '../lib/connection.js';
import { focusIsLost } from '../lib/focus.js';
import { useNoHover } from '../lib/touch.js';
import { listInWords } from '../lib/words.js';
import { nameOf, type GameScreenState } from './model.js';
import { useGameState } from './use-game-state.js';
import { useSentAction, type SentCell } from './sent-action.js';
import { decisionOf, playerOf } from './derive.js';
import { useChoice, type Choice } from './use-choice.js';
import { stepKeyOf } from './selection.js';
import { useRowInViewAtStep, type RowSight } from './row-in-view.js';
import { ActionPanel } from './action-panel.js';
import { FirstGameHint, useFirstGameOver } from './first-game-hint.js';
import type { PickableProps } from './table.js';
import { PlayerDetailModal } from './player-list.js';
import { Boards, DESKTOP_FRAME, DesktopGrid, PlayerSummaries, SummaryRow, TableStack } from './table-layout.js';
import { usePhoneTabs } from './phone-tabs.js';
import { Presentation, useEndOfGameChunk } from './presentation-slots.js';
import { useGameForfeits, useGameRatingChanges, useWinnerIDs } from './presentation/end-rating-source.js';
import { pausedWords, TurnTimerLength, useLowTimeCue } from './clock.js';
import { LeaveGame, NotifyMe, TakeoverNotice, useTurnAlert } from './seat-notices.js';
import { MoveDueSource, moveDueTop } from './move-due.js';
import { CommitmentWarning, gameCommitmentChecks } from '../components/commitment-warning.js';
import { LiveOdds } from '../odds/live-odds.js';
import { trpc } from '../lib/trpc.js';
import { keepQuickClicksFromSelecting } from '../lib/quick-clicks.js';
import { useHeightVariable } from './height-variable.js';
import { PHONE_LAYOUT, SIDE_DOCK, usePhoneLayout } from './dock.js';
import classes from './game-screen.module.css';

/** The docked action panel's height and a desktop's sticky game header's, for the styles (game-screen.module.css). */
const DOCK_HEIGHT = '--game-dock-height';
const HEADER_HEIGHT = '--game-header-height';

/** The site's sticky header's height (56 px and its border): a desktop's game header sticks under it (game-screen.module.css's .stickyHeader). */
const STICKY_TOP = 57;
/**
 * A screen under 500 px tall (a phone held sideways), where the site's header scrolls away with
 * the page (styles/tokens.css, --mythos-header-offset, whose media query this is): nothing sticks at
 * the top to scroll under.
 */
const SHORT_SCREEN = '(max-height: 500px)';

export function GameScreen({ gameID }: { gameID: string }) {
  const { state, sent, error, connected, refusal, act, back } = useGameState(gameID);
  // A game over before its page opened waits for its end view's chunk (presentation-slots.tsx),
  // for who forfeited it (the winner's line and the summaries name the winner), and for its rating
  // changes: what they bring (the viewer's place, their change, why the ceiling on ratings won
  // from bots held it) came after the view was drawn, in room kept for two lines, and a third (the
  // ceiling's) pushed everything under it down (a layout shift of 0.023).
  const [endedAtOpen, setEndedAtOpen] = useState<boolean | null>(null);
  if (state && endedAtOpen === null) setEndedAtOpen(state.game.gameEndTimestamp !== null);
  const endChunk = useEndOfGameChunk(endedAtOpen === true);
  const endRatings = useGameRatingChanges(gameID, endedAtOpen === true);
  const endForfeits = useGameForfeits(gameID, endedAtOpen === true);
  // A phone's tabs come in a chunk of their own (phone-tabs.ts), asked for now, beside the game.
  const [phoneAtOpen] = useState(() => typeof window !== 'undefined' && window.matchMedia(PHONE_LAYOUT).matches);
  const phoneTabs = usePhoneTabs(phoneAtOpen);
  const ready = state !== null && !(endedAtOpen === true && (!endChunk || endRatings === null || endForfeits === null)) && !(phoneAtOpen && !phoneTabs.settled);
  // A live game's first render of the table is its largest (every card, seat and panel at once):
  // rendered in slices whichever of the waits above ended last. A phone's tabs arriving, or a
  // query's answer, is an urgent update, and React rendered the whole table for it in one task:
  // 230-330 ms in desktop Chromium at a phone's width, about four times that on a phone, the page
  // frozen. A game over before its page opened is not deferred: its view, its end view and what
  // they waited for are committed in one piece, and deferred they moved the page on a phone (a
  // layout shift of 0.045-0.054: rating-display's test).
  const deferredReady = useDeferredValue(ready);
  const shown = endedAtOpen === true ? ready : deferredReady;
  if (error) {
    return (
      <Container size="lg" py="md">
        <PageError title="This game cannot be shown">{error}</PageError>
      </Container>
    );
  }
  if (!state || !ready || !shown) return <PageLoading />;
  return (
    <>
      {/* A commitment other than the first this browser saw for the game (or its lobby): loudly. */}
      <CommitmentWarning place="game" checks={gameCommitmentChecks(state.game)} />
      <LoadedGame view={state} sent={sent} connected={connected} refusal={refusal} act={act} back={back} />
    </>
  );
}

function LoadedGame({ view, sent, connected, refusal, act, back }: { view: GameScreenState; sent: SentCell; connected: boolean; refusal: Refusal | null; act: ReturnType<typeof useGameState>['act']; back: () => void }) {
  // The view with the action sent and not yet shown laid over it: a click draws again from here.
  const state = useSentAction(view, sent);
  const compact = usePhoneLayout();
  const shortScreen = useMediaQuery(SHORT_SCREEN, undefined, { getInitialValueInEffect: false });
  // A phone held sideways docks the panel beside the table, not across the screen's foot (dock.ts).
  const sideDock = useMediaQuery(SIDE_DOCK, undefined, { getInitialValueInEffect: false });
  const { tabs: TableTabs } = usePhoneTabs(compact);
  const touch = useNoHover();
  const decision = useMemo(() => decisionOf(state), [state]);
  const moveDue = useMemo(() => ({ state, decision }), [state, decision]);
  const choice = useChoice(state, decision);
  const { awaiting, dealing } = Presentation.useEventAnimations(state);
  // The screen tells one story: while a clash rolls, what reports where the game stands (the
  // player list, the log, the header's phase, turn and age, the sounds of a new phase, the odds)
  // shows the game before it, and moves on when the dice have settled (at once after Skip).
  const presented = Presentation.usePresentedState(state);
  // Over on screen once the last turn has played out (its clash rolled, its cards landed), as the
  // end view, the winner's line and the header's 'Game Over!' wait for it.
  const playing = Presentation.usePresentationPlaying();
  const endShown = presented.game.gameEndTimestamp !== null && !playing;
  Presentation.useGameSounds(presented);
  // Live, with the action panel: they are about the decision the server waits for now, and its
  // deadline, which the server enforces whatever the screen still shows (a clash's time is
  // already added to that deadline, and the seats' clocks hide while the dice roll: clock.tsx).
  const lowTime = useLowTimeCue(state);
  useTurnAlert(state, decision);
  const winners = useWinnerIDs(state.game);
  const [detailID, setDetailID] = useState<string | null>(null);
  const dock = useHeightVariable(DOCK_HEIGHT);
  const header = useHeightVariable(HEADER_HEIGHT);
  // What the page scrolls into view (a focused button, a found word, the trade row at a bid) stops
  // under the sticky headers (the site's; a desktop's game header too) and above the docked panel
  // (none without one: the variable unset, the padding is 0; none beside a panel docked down the
  // side). Written once for the layout: taken off and written again when the panel was measured,
  // it came with a second recalculation of the whole page's style in Chromium's traces of a
  // phone's first load (about 800 elements, 20-30 ms).
  useEffect(() => {
    const root = document.documentElement.style;
    // In pixels, not the token's calc(): row-in-view.ts reads the padding back as a number.
    const underHeader = (shortScreen ? 0 : STICKY_TOP) + 8;
    root.scrollPaddingTop = compact ? `${underHeader}px` : `calc(${underHeader}px + var(${HEADER_HEIGHT}, 0px))`;
    root.scrollPaddingBottom = compact && !sideDock ? `calc(var(${DOCK_HEIGHT}, -28px) + 28px)` : '';
    return () => {
      root.scrollPaddingTop = root.scrollPaddingBottom = '';
    };
  }, [compact, shortScreen, sideDock]);
  // Only once the docked panel (or a desktop's sticky header) is measured: the row scrolls to stop
  // clear of them, and a phone's trade row fits its cards to its width a frame after the first.
  const laidOut = compact ? dock.shown : header.shown;
  useRowInViewAtStep(laidOut ? rowSight(state, decision, awaiting) : null);
  // A phone's tab: the action panel says where the basic piles are from the one shown.
  const [tab, setTab] = useState<string | null>('table');
  const spectator = state.me === null;
  // Live odds: for spectators; seated players see them only when the lobby turned on "Show odds to players".
  const settings = trpc.games.settings.useQuery({ gameID: state.game.id }, { staleTime: Infinity, gcTime: Infinity });
  // The odds as the table stands: a clash's outcome moved the bar, and the game's end brought the
  // chart over the whole game, while its dice were still rolling.
  const oddsShown = spectator || settings.data?.showOddsToPlayers === true;
  const odds = <LiveOdds gameID={state.game.id} state={presented} ended={endShown} shown={oddsShown} />;

  // A new row's cards are not picked while they are still being dealt onto it, as under a clash's dice.
  const pickable = pickableOf(state, choice, decision, compact, awaiting || dealing);
  // Stable, so the memoised player summaries are not redrawn for a new function.
  const openDetail = useCallback((userID: string) => setDetailID(userID), []);
  const players = <PlayerSummaries state={presented} compact={compact} onOpen={openDetail} />;
  // None once the end has played out: an ended game asks nothing, and its empty column (300 px
  // beside the table) stood the docked chat over the end view's charts, 316 px from the edge.
  const panel = spectator || endShown ? null : (
    <Stack gap={6}>
      <TakeoverNotice state={state} onBack={back} compact={compact} />
      <ActionPanel state={state} decision={decision} choice={choice} act={act} awaiting={awaiting} dealing={dealing} connected={connected} refused={refusal !== null} compact={compact} offTable={compact && TableTabs !== null && tab !== 'table'} />
    </Stack>
  );
  const paused = spectator ? pausedWords(state) : null;
  // The server's turn timer does not wait for a page that lost its connection: said while it is
  // lost, to a player whose game has a turn timer.
  const clockRuns = !spectator && state.game.gameEndTimestamp === null && settings.data?.turnTimerOn === true;
  // On a phone, inside the same 6 px margin as the tabs' panels (table-tabs.tsx): flush with the
  // screen's edge, "Reconnecting..." and its sentence read as cut off.
  const status = (
    <Group gap="xs" px={compact ? 6 : 0}>
      {spectator ? (
        <Badge bg="var(--mythos-affinity-zeona-light)" c="var(--mythos-affinity-zeona-ink)">
          Spectating
        </Badge>
      ) : null}
      {spectator && paused ? (
        <Text size="sm" c="var(--mythos-night-quiet)" role="status" data-paused="true">
          {paused}
        </Text>
      ) : null}
      {!connected ? <ReconnectingNotice refusal={refusal}>{clockRuns ? CLOCK_RUNS_OFFLINE : null}</ReconnectingNotice> : null}
      {/* Compact buttons on a phone, so the trade row stays high on the first screen; none once
          the game is over or the player has left it (no move is left to be told of, no game to leave).
          Live, as the action panel: they act on the game as the server has it. */}
      {spectator || state.game.gameEndTimestamp !== null || (state.me !== null && state.seatsByUserID[state.me]?.left) ? null : (
        <>
          <NotifyMe compact={compact} />
          <LeaveGame state={state} compact={compact} />
        </>
      )}
    </Group>
  );
  const ended = state.game.gameEndTimestamp !== null;
  useFirstGameOver(ended && !spectator);
  // The focus goes to the end view when it shows, not to its empty place while the dice roll.
  const endRef = useEndFocus(endShown, !spectator);
  // While the game runs its odds bar is above the table; once it ended, the odds over the game go
  // under the result (who won, the rating, Rematch): drawn above it, the chart pushed the result
  // down the page when it came, and the result is what a player looks for first.
  // Above the table, the rolling dice's panel stands under the bar (animation-layer.tsx).
  const [oddsAbove, oddsBelow] = endShown ? [null, odds] : [<div data-above-clashes={oddsShown ? '' : undefined}>{odds}</div>, null];
  // Mounted as soon as the server's game is over, so the view's chunk and its rating changes load
  // while the last turn plays out; the view and the banner show nothing until it has.
  const end = ended ? (
    <div ref={endRef} tabIndex={-1} className={classes.end}>
      <Presentation.WinnerBanner state={state} />
      <Presentation.EndOfGame state={state} />
    </div>
  ) : null;
  // The page's heading, for those who move by headings (the screen shows who plays in the list),
  // and what a screen reader is told as the game goes (the news, the move due), once each.
  const title = (
    <>
      <h1 className="mythos-visually-hidden">Game of {listInWords(state.game.players.map((p) => nameOf(state, p.userID)))}</h1>
      <Presentation.Announcer state={presented} decision={spectator ? null : decision} waiting={awaiting || dealing} lowTime={lowTime} winnerIDs={winners} />
    </>
  );
  // For tests and tools: where the game stands on the server (not held for the dice) and what the viewer must decide.
  const marks = {
    'data-game-phase': state.game.phase,
    'data-game-ended': ended ? 'true' : 'false',
    'data-decision': decision?.type ?? '',
    'data-sequence-id': String(state.game.sequenceID),
  };
  // Under the trade row, its clashes and the tributes, so the row it speaks of, a clash's dice and
  // the tributes (where most favor comes from) are on the first screen of a 1280x800 window
  // (above the row, it pushed the dice below the fold; above the tributes, it pushed them). On a
  // phone that was below the docked panel, out of sight: there it is folded above the row (made
  // afresh when the width settles, so it starts folded or open as the width says).
  const hint = !spectator && !ended ? <FirstGameHint key={compact ? 'phone' : 'wide'} touch={touch} folded={compact} /> : null;
  const table = <TableStack pickable={pickable} compact={compact} hint={hint} />;
  const boards = <Boards state={state} compact={compact} />;

  // The chat's dialog covers the table and the action panel: it says when the move is the player's.
  const chat = (
    <MoveDueSource.Provider value={moveDue}>
      <Presentation.GameChatButton top={moveDueTop} />
    </MoveDueSource.Provider>
  );

  const detail = <PlayerDetailModal state={state} player={state.game.players.find((p) => p.userID === detailID) ?? null} onClose={() => setDetailID(null)} />;

  // The turn timer's length caps the seats' clocks (clock.tsx) in either layout: a phone's, outside
  // it, showed a decision's whole deadline, the clash's dice counted in, right after a clash.
  return (
    <TurnTimerLength.Provider value={settings.data ? settings.data.turnTimerSeconds * 1_000 : null}>
      {compact ? phone() : desktop()}
    </TurnTimerLength.Provider>
  );

  function phone() {
    return (
      // Room under the page for the docked panel, however tall it is now (a bid with its slider, a
      // refusal): a fixed 210 px left the first game's 'Got it' under a taller panel.
      <Box ref={dock.target} pb={panel ? undefined : 16} className={`game-screen game-screen-compact${panel ? ` ${classes.roomForDock}` : ''}`} onMouseDown={keepQuickClicksFromSelecting} {...marks}>
        {title}
        <Presentation.GameHeader state={presented} />
        {status}
        {oddsAbove}
        {end}
        {oddsBelow}
        <SummaryRow state={presented} onOpen={openDetail} mb={6} />
        {/* CHAT beside the tabs, on the first screen: at the foot of the Table tab it was found
            only by scrolling past the whole table. */}
        {TableTabs ? (
          <TableTabs
            tab={tab}
            onTab={setTab}
            table={table}
            boards={boards}
            log={
              <Stack>
                <Presentation.EventLog state={presented} />
                <Presentation.MythosInfoPanel />
              </Stack>
            }
            beside={chat}
          />
        ) : (
          // The tabs' code did not come (phone-tabs.ts): the chat and the table, which the game is played on.
          <Stack gap={6}>
            {chat}
            {table}
          </Stack>
        )}
        {panel ? (
          // A card's large preview goes above it rather than over Submit (data-preview-avoid).
          <Box ref={dock.ref} className={`docked-action-panel ${classes.docked} ${classes.sideDock}`} data-preview-avoid>
            {panel}
          </Box>
        ) : null}
        {detail}
      </Box>
    );
  }

  function desktop() {
    return (
      <Box className={`game-screen ${DESKTOP_FRAME}`} onMouseDown={keepQuickClicksFromSelecting} {...marks}>
        {title}
        {/* The phase, turn and age stay in sight under the site's header, as the action panel does. */}
        <div ref={header.ref} className={classes.stickyHeader}>
          <Presentation.GameHeader state={presented} />
        </div>
        {status}
        {oddsAbove}
        {end}
        {oddsBelow}
        <DesktopGrid
          left={
            <Stack gap="sm">
              {players}
              {chat}
              <Presentation.MythosInfoPanel />
              <Presentation.EventLog state={presented} />
            </Stack>
          }
          right={
            <Stack gap="md">
              <div className={classes.columns} data-with-panel={panel ? 'true' : undefined}>
                {table}
                {/* Under the sticky game header; a card's large preview never covers it (data-preview-avoid). */}
                {panel ? (
                  <div ref={header.target} className={classes.panelBeside} data-preview-avoid>
                    {panel}
                  </div>
                ) : null}
              </div>
              {boards}
            </Stack>
          }
        />
        {detail}
      </Box>
    );
  }
}

/**
 * The end of the game takes the action panel away, and with it the focus the last Submit left
 * there (the page's body would have it, and the next Tab start from the page's top): it goes to
 * the end view instead, once it shows, which opens at the top of the screen itself (so not
 * scrolled here).
 */
function useEndFocus(ended: boolean, seated: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const wasEnded = useRef(ended);
  useEffect(() => {
    // Not for the one render of the last update before its clash was seen (never painted).
    if (ended && Presentation.presentationPlaying()) return;
    if (ended && !wasEnded.current && seated && focusIsLost()) ref.current?.focus({ preventScroll: true });
    wasEnded.current = ended;
  }, [ended, seated]);
  return ref;
}

/**
 * What the viewer's step brings into sight on the row (row-in-view.ts): the whole row at a bid; at
 * a gain, the card won on the row once its clash's dice have settled (under them it is not on the
 * screen yet), if the viewer can pay for it (else the panel sends them to the basic piles);
 * nothing otherwise.
 */
function rowSight(state: GameScreenState, decision: ReturnType<typeof decisionOf>, awaiting: boolean): RowSight | null {
  if (decision?.type === 'BID') return { key: stepKeyOf(state), slot: null };
  if (decision?.type !== 'RESOLVE' || awaiting) return null;
  const slot = state.game.tableIDs.findIndex((id) => id !== null && decision.choices.some((c) => c.cardID === id && c.affordable));
  return slot < 0 ? null : { key: stepKeyOf(state), slot };
}

function pickableOf(state: GameScreenState, choice: Choice, decision: ReturnType<typeof decisionOf>, compact: boolean, awaiting: boolean): PickableProps {
  const me = playerOf(state, state.me);
  // While a clash rolls, its outcome (and so what may be gained) is not on the screen yet.
  const locked = awaiting || (state.me !== null && (state.game.readyByUserID[state.me] ?? false));
  return {
    state,
    me,
    selectedCardID: choice.selection.cardID,
    pickableTradeRow: (index) => {
      if (locked || !decision) return false;
      if (decision.type === 'BID') return decision.tradeRowIndexes.includes(index);
      if (decision.type === 'RESOLVE') return decision.choices.some((c) => c.cardID === state.game.tableIDs[index]);
      return false;
    },
    pickableBasic: !locked && decision?.type === 'RESOLVE',
    onPick: choice.pick,
    cardWidth: compact ? 96 : 120,
    fitRow: compact,
  };
}
