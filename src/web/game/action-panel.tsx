/**
 * The action panel: the bid in planning, Reroll or Keep in the war, the card
 * to gain in resolution, then 'Waiting for other players...' (with Undo while unbid allows).
 * Submit is disabled, with the reason on hover and under it, whenever it could not be accepted or
 * sent (the page reconnecting). Submit and Undo are hidden while an animation is awaited, and a
 * bid on a new trade row (a new age's) is asked for once its cards have been dealt on screen.
 * Spectators, and a player who left the game, get no panel at all.
 *
 * The keyboard's focus: Submit and Undo give way to what the action leads to as it is sent, so
 * the focus goes to the panel itself (which says what comes next), never to the page's top. A
 * control taken away under the focus by what the player did not do (a bot's choice as their time
 * ran out, the dice starting to roll) leaves it on the panel too. At the next step, a focus still
 * resting there goes on to the cards the step asks to pick from.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { focusIsLost } from '../lib/focus.js';
import { Modal } from '../lib/lazy-modal.js';
import { SkipLink } from '../components/skip-links.js';
import { UserText } from '../components/user-text.js';
import type { Decision } from '../../engine/pending.js';
import { BidField } from './bid-field.js';
import { SeatClock } from './clock.js';
import { botBidFor } from './stand-ins.js';
import { useDisableAnimations } from './presentation/prefs.js';
import { BASIC_PILES_ID, showBasicPiles } from './row-in-view.js';
import type { Action } from '../../engine/index.js';
import { AGE_COUNT } from '../../engine/state.js';
import { useNoHover } from '../lib/touch.js';
import type { GameScreenState } from './model.js';
import { nameOf } from './model.js';
import { lostClashOf, playerOf, unaffordableReason } from './derive.js';
import { bidToSend, CLIENT_MESSAGES, rerollSubmitLabel, stepKeyOf, typedBid, type Selection } from './selection.js';
import type { Choice } from './use-choice.js';
import type { ActOutcome } from './use-game-state.js';
import classes from './action-panel.module.css';

/** How long the panel shows why the server refused an action. */
const REFUSAL_MS = 8000;
/** The alert's title for each way an action can fail: only a `refused` one was the rules saying no. */
const REFUSAL_TITLES = { refused: 'Not accepted', unsent: 'Not sent', chosen: 'Already chosen' } as const;

/** Why Submit (and Undo) wait while the page reconnects: sent now, the action would come back 'Not sent'. */
export const RECONNECTING_MESSAGE = 'Reconnecting: your move can be sent once the connection is back.';

/** Why they wait while the server refuses the game's page (its words and what the page does, in the notice above). */
export const NOT_LIVE_MESSAGE = 'The game is not live (see why above): your move can be sent once it is.';

export interface ActionPanelProps {
  state: GameScreenState;
  decision: Decision | null;
  choice: Choice;
  act: (action: Action) => Promise<ActOutcome>;
  /** True while an animation must be awaited: Submit and Undo are hidden. */
  awaiting: boolean;
  /** True while a new trade row is being dealt (useEventAnimations' `dealing`): a bid waits for its cards. */
  dealing?: boolean;
  /** False while the page reconnects (useGameState's `connected`): Submit and Undo wait. Absent: connected. */
  connected?: boolean;
  /** While not connected: the server refuses the game's page (useGameState's `refusal`), rather than the connection being down. */
  refused?: boolean;
  compact?: boolean;
  /** A phone showing another tab than its Table: the basic piles are out of reach there. */
  offTable?: boolean;
}

/**
 * Where a step's first pick is, by the board's `data-zone` (model.ts): the trade row for a bid,
 * the basic piles for a gain with no card chosen yet (nothing won), or with the card won chosen but
 * out of reach (its Submit waits for a basic card); none when the panel's own controls come first
 * (a reroll, a card already chosen that can be sent).
 */
function pickZone(state: GameScreenState, decision: Decision | null, selection: Selection): 'trade-row' | 'basic-pile' | null {
  if (decision?.type === 'RESOLVE') {
    const me = playerOf(state, state.me);
    const outOfReach = me !== null && selection.cardID !== null && unaffordableReason(state, me, selection.cardID) !== null;
    return selection.cardID === null || outOfReach ? 'basic-pile' : null;
  }
  return decision?.type === 'BID' && selection.cardID === null ? 'trade-row' : null;
}

function SubmitButton({ label, reason, busy, hidden, onSubmit }: { label: string; reason: string | null; busy: boolean; hidden: boolean; onSubmit: () => void }) {
  if (hidden) return null;
  return (
    <Stack gap={2} align="stretch">
      <span title={reason ?? undefined} className={classes.submitBox}>
        <Button fullWidth size="md" disabled={reason !== null || busy} loading={busy} onClick={onSubmit} aria-describedby={reason ? 'submit-reason' : undefined} style={reason ? { pointerEvents: 'none' } : undefined}>
          {label}
        </Button>
      </span>
      <ReasonLine id="submit-reason" reason={reason} />
    </Stack>
  );
}

/** The reasons that only say what is still to choose: the turn's first words, not a mistake. */
const STILL_TO_CHOOSE: ReadonlySet<string> = new Set([CLIENT_MESSAGES.draft, CLIENT_MESSAGES.gain, CLIENT_MESSAGES.choice]);

/**
 * Why the button above it cannot be pressed now, under it (the button's `aria-describedby`): in
 * red when the choice made cannot be taken ('Not enough gold'), quietly when there is none yet
 * (in red at every turn's start, before a player had done anything, it read as an error).
 */
function ReasonLine({ id, reason }: { id: string; reason: string | null }) {
  if (reason === null) return null;
  const toChoose = STILL_TO_CHOOSE.has(reason);
  return (
    <Text id={id} size="xs" c={toChoose ? 'dimmed' : 'red.3'} ta="center" data-testid={id} className={toChoose ? classes.stillToChoose : undefined}>
      {reason}
    </Text>
  );
}

/** The card a zone's one Tab stop is on (roving-row.ts), if the zone is on screen with a card to pick. */
function cardToPick(zone: string | null): HTMLElement | null {
  return zone === null ? null : document.querySelector<HTMLElement>(`[data-zone="${zone}"] [tabindex="0"]`);
}

/**
 * The action panel's first control that can be used now (a bid's box, Submit), else the panel
 * itself: where Enter on the card already chosen goes (roving-row.ts).
 */
export function focusActionPanel(): void {
  const panel = document.querySelector<HTMLElement>('[data-action-panel]');
  (panel?.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled])') ?? panel)?.focus();
}

export function ActionPanel({ state, decision, choice, act, awaiting, dealing = false, connected = true, refused = false, compact, offTable }: ActionPanelProps) {
  const [busy, setBusy] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  // At a new step (once its dice and cards have played out, so its cards can be picked), a
  // keyboard's focus that Submit left on the panel goes on to the cards to pick from: the next
  // turn starts at the trade row, not several Shift+Tabs back from the panel. Only the keyboard's
  // (:focus-visible): a mouse player's page is never scrolled to the row.
  const stepKey = stepKeyOf(state);
  const zone = pickZone(state, decision, choice.selection);
  const waiting = awaiting || dealing;
  // Whether one of the panel's controls (Submit, the bid, Reroll) has the keyboard's focus as this
  // render begins, read while the page still shows it. When the update goes on to take it away
  // without the player's doing (a bot's bid or reroll choice as their time ran out: the next
  // decision's Submit came where theirs had been), the browser dropped the focus to the page's
  // body, and Enter there did nothing; the next Tab went on past the panel to the chat. The
  // focus goes to the panel instead, as after Submit (not scrolled: the focus was there already).
  const panelNow = panelRef.current;
  const controlFocused = panelNow !== null && document.activeElement !== panelNow && panelNow.contains(document.activeElement);
  useLayoutEffect(() => {
    if (controlFocused && focusIsLost()) panelRef.current?.focus({ preventScroll: true });
  });
  const stepSeen = useRef<string | null>(null);
  const handingOver = useRef(false);
  useEffect(() => {
    const panel = panelRef.current;
    if (stepSeen.current !== stepKey) {
      stepSeen.current = stepKey;
      handingOver.current = panel !== null && document.activeElement === panel && panel.matches(':focus-visible');
    }
    if (waiting || !handingOver.current) return;
    // Done once the focus is elsewhere than the panel or nowhere (the cards have it, or the player
    // went on). Until then it is given again: a clash's dice starting to roll just after the step
    // came took the cards away, and the focus with them (nothing is picked while they roll).
    if (document.activeElement !== panel && !focusIsLost()) {
      handingOver.current = false;
      return;
    }
    // With the panel's own controls first (the card won, chosen already; a reroll), the focus stays
    // on the panel; lost meanwhile (the dice's Skip, pressed, went with them), it comes back to them.
    if (zone === null) {
      if (focusIsLost()) focusActionPanel();
      return;
    }
    cardToPick(zone)?.focus();
  }, [stepKey, waiting, zone]);
  // Why the server refused the last action, for a few seconds: a player is never left on a form
  // that does nothing without a clue.
  const [refusal, setRefusal] = useState<(Extract<ActOutcome, { ok: false }> & { id: number; asked: string }) | null>(null);
  useEffect(() => {
    if (!refusal) return;
    const timer = window.setTimeout(() => setRefusal(null), REFUSAL_MS);
    return () => window.clearTimeout(timer);
  }, [refusal]);
  const me = playerOf(state, state.me);
  if (!me || state.game.gameEndTimestamp !== null) return null;
  // A player who left has nothing left to decide (decisionOf): the notice above says why.
  if (state.seatsByUserID[me.userID]?.left) return null;
  const { selection } = choice;
  // What the panel asks for now: the step, and the kind of move (a bid, waiting, a gain...).
  const asked = `${stepKey}:${decision?.type ?? 'none'}`;
  const send = async (action: Action) => {
    // The button pressed goes with this render (the action shows its result at once): the panel
    // keeps the focus. Not scrolled: the panel is where the player just pressed.
    panelRef.current?.focus({ preventScroll: true });
    setBusy(true);
    setRefusal(null);
    const outcome = await act(action);
    if (!outcome.ok) setRefusal({ ...outcome, id: Date.now(), asked });
    setBusy(false);
  };
  const cardName = (id: number | null) => (id === null ? '' : (state.cardsByID[id]?.name ?? ''));
  // Why nothing can be sent now, after any reason the player can fix meanwhile (a card to choose).
  const offline = connected ? null : refused ? NOT_LIVE_MESSAGE : RECONNECTING_MESSAGE;

  let body: ReactNode;
  if (awaiting && (decision?.type === 'REROLL' || decision?.type === 'RESOLVE')) {
    // The panel would tell the clash's outcome before the dice on the table show it.
    body = <Text fw={700} role="status">{CLIENT_MESSAGES.rolling}</Text>;
  } else if (dealing && decision?.type === 'BID') {
    // Asked at once, the bid was for cards still on their way to an empty row.
    body = <Text fw={700} role="status">{CLIENT_MESSAGES.dealing}</Text>;
  } else if (decision?.type === 'BID') {
    const index = selection.cardID === null ? -1 : state.game.tableIDs.indexOf(selection.cardID);
    const reason = index < 0 ? CLIENT_MESSAGES.draft : null;
    const bid = bidToSend(selection, decision);
    const submitBid = () => void send({ type: 'BID', bid: { military: bid, tradeRowIndex: index } });
    // Enter on the bid presses Submit, when Submit could be pressed (on screen and enabled).
    const canSubmit = (reason ?? offline) === null && !busy && !awaiting;
    // With nothing on the row within reach the confirmation never comes up: say so here.
    const row = state.game.tableIDs.filter((id): id is number => id !== null);
    const nothingAffordable = row.length > 0 && row.every((id) => unaffordableReason(state, me, id) !== null);
    body = (
      <>
        <Text size="sm">
          {index < 0 ? 'Choose a card on the trade row and your bid.' : <>Bid on <b>{cardName(selection.cardID)}</b></>}
        </Text>
        {nothingAffordable ? (
          // Small: on a phone the panel is docked over the page, and the trade row's costs must stay in sight above it.
          <Text size="xs">
            You cannot pay for any card on the row: one you win becomes a basic card of your choice, and your bid still keeps it from the others.
          </Text>
        ) : null}
        <BidInput decision={decision} value={selection.bid} onChange={(bid) => choice.update({ bid })} onEnter={canSubmit ? submitBid : undefined} />
        <SubmitButton label="Submit" reason={reason ?? offline} busy={busy} hidden={awaiting} onSubmit={submitBid} />
      </>
    );
  } else if (decision?.type === 'WAIT_FOR_OTHERS') {
    const bid = state.game.bidsByPlayerID[me.userID];
    const canUndo = decision.canUnbid && state.game.phase === 'PLANNING' && (state.game.readyByUserID[me.userID] ?? false);
    body = (
      <>
        {bid ? (
          <Text size="sm">
            {botBidFor(state.events, me.userID, state.game.age, state.game.turn) ? 'A bot bid for you' : 'Your bid'}: {bid.military} military on <b>{cardName(state.game.tableIDs[bid.tradeRowIndex] ?? null)}</b>
          </Text>
        ) : null}
        <Text fw={700} role="status">{CLIENT_MESSAGES.waiting}</Text>
        {canUndo && !awaiting ? (
          <>
            <Button variant="outline" disabled={busy || offline !== null} onClick={() => void send({ type: 'UNBID' })} aria-describedby={offline ? 'undo-reason' : undefined}>
              Undo
            </Button>
            <ReasonLine id="undo-reason" reason={offline} />
          </>
        ) : null}
      </>
    );
  } else if (decision?.type === 'REROLL') {
    body = <RerollChoice state={state} decision={decision} choice={choice} busy={busy} awaiting={awaiting} offline={offline} send={send} />;
  } else if (decision?.type === 'RESOLVE') {
    const reason = selection.cardID === null ? CLIENT_MESSAGES.gain : unaffordableReason(state, me, selection.cardID);
    const won = decision.choices.length > 0 && !state.game.basicPile.includes(decision.choices[0]!.cardID) ? decision.choices[0]!.cardID : null;
    const outOfReach = won === null ? null : unaffordableReason(state, me, won);
    // Where the basic cards are: "a basic card" alone sent a new player looking for them. The Table
    // tab is named only from a phone's other tabs: on it, the words sent them to the tab they were on.
    // Below the row, a link that brings them into sight: after a lost clash they lay out of view.
    const piles = offTable ? (
      'the basic piles on the Table tab'
    ) : (
      <>
        <BasicPilesLink /> below the trade row
      </>
    );
    body = (
      <>
        <Text size="sm">
          {won === null ? (
            <>Gain a basic card from {piles}.</>
          ) : outOfReach ? (
            <>
              You won <b>{cardName(won)}</b> but cannot pay for it ({outOfReach}): choose a basic card from {piles} instead.
            </>
          ) : (
            <>
              You won <b>{cardName(won)}</b>. Gain it, or a basic card from {piles} instead.
            </>
          )}
          {selection.cardID !== null && !(outOfReach && selection.cardID === won) ? <> Chosen: <b>{cardName(selection.cardID)}</b></> : null}
        </Text>
        {choice.notice ? (
          <Text size="xs" c="orange.3" role="alert">
            {choice.notice}
          </Text>
        ) : null}
        <SubmitButton
          label="Submit"
          reason={reason ?? offline}
          busy={busy}
          hidden={awaiting}
          onSubmit={() => selection.cardID !== null && void send({ type: 'RESOLVE', resolve: { cardIDToGain: selection.cardID } })}
        />
      </>
    );
  } else if (state.game.phase === 'PLANNING' || state.game.phase === 'WAR' || state.game.phase === 'RESOLUTION') {
    body = <Text fw={700} role="status">{CLIENT_MESSAGES.waiting}</Text>;
  } else {
    body = <Text size="sm" c="dimmed">The {state.game.phase.toLowerCase()} phase runs by itself.</Text>;
  }

  // The keyboard's way here from the page's top, while there is something to do: the cards to pick
  // from, else the panel's first control (a bid's amount with the card chosen, a reroll, Submit).
  const skip =
    decision !== null && decision.type !== 'WAIT_FOR_OTHERS' && !waiting ? (
      <SkipLink
        label="Skip to your move"
        onSkip={() => {
          const card = cardToPick(zone);
          if (card) card.focus();
          else focusActionPanel();
        }}
      />
    ) : null;

  return (
    <Paper ref={panelRef} tabIndex={-1} p={compact ? 'xs' : 'sm'} radius="md" withBorder aria-label="Action panel" data-action-panel component="section" className={classes.panel} data-compact={compact ? 'true' : undefined}>
      {skip}
      {/* For those who move by headings: the move is found as the trade row is. */}
      <h2 className="mythos-visually-hidden">Action panel</h2>
      <Stack gap={compact ? 6 : 'xs'}>
        <Group justify="space-between" gap={6} wrap="nowrap">
          <Standing game={state.game} />
          <SeatClock state={state} userID={me.userID} label />
        </Group>
        {body}
        {refusal ? (
          <Alert key={refusal.id} color={refusal.why === 'chosen' ? 'gold' : 'red'} variant="light" p="xs" title={REFUSAL_TITLES[refusal.why]} role="alert" data-testid="refusal">
            {refusal.message}
            {/* The rules' own message ("cannot unbid after planning phase") does not say that the game went on
                meanwhile: the other players' moves ended the phase. (A second choice for the same step, from the
                seat's other tab or its stand-in, is told in words of its own: 'chosen'.) */}
            {refusal.why === 'refused' && refusal.asked !== asked ? <Text size="xs">{CLIENT_MESSAGES.movedOn}</Text> : null}
          </Alert>
        ) : null}
      </Stack>
      <Modal opened={choice.confirm !== null} onClose={() => choice.answerConfirm(false)} title="Confirm your selection" centered>
        <Stack>
          <Text fw={700}>{choice.confirm?.reason}</Text>
          {choice.confirm?.sums ? <Text data-testid="confirm-sums">{choice.confirm.sums}</Text> : null}
          <Text size="sm">{CLIENT_MESSAGES.confirmWon}</Text>
          <Text>{CLIENT_MESSAGES.confirm}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => choice.answerConfirm(false)}>
              Cancel
            </Button>
            {/* As the browser's own confirm: Enter takes the card, as the player just asked. */}
            <Button onClick={() => choice.answerConfirm(true)} data-autofocus>
              OK
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/**
 * Where the game stands, in the panel because the panel stays on screen while the header scrolls
 * away: a player looking at the boards below would otherwise miss that a new age has begun (a
 * new trade row, dearer cards) or that this is an age's last turn.
 */
function Standing({ game }: { game: GameScreenState['game'] }) {
  if (game.age > 1 && game.turn === 1 && game.phase === 'PLANNING') {
    return (
      <Text size="sm" fw={700} c="var(--mythos-standing)" data-testid="standing">
        Age {game.age} begins: a new trade row, dealt from the age {game.age} deck.
      </Text>
    );
  }
  const last = game.turn === game.turnsPerAge;
  return (
    <Text size="xs" c={last ? 'var(--mythos-standing)' : 'dimmed'} data-testid="standing">
      Age {game.age}/{AGE_COUNT} · Turn {game.turn}/{game.turnsPerAge}
      {last ? (game.age === AGE_COUNT ? ' · the last turn of the game' : ' · the last turn of this age') : ''}
    </Text>
  );
}

function BidInput({ decision, value, onChange, onEnter }: { decision: Extract<Decision, { type: 'BID' }>; value: number | null; onChange: (bid: number | null) => void; onEnter: (() => void) | undefined }) {
  const { minMilitary: min, maxMilitary: max } = decision;
  const shown = value ?? min;
  // A finger needs a bigger thumb, and the number box's tiny arrows cannot be hit: it is typed in, or the slider moved.
  const touch = useNoHover();
  // What the box holds while it is typed in ('-', '-3', '9'): the bid itself is clamped at every
  // key, and the box shows that clamped bid once the player leaves it.
  const [typed, setTyped] = useState<string | number>(value ?? '');
  const [lastValue, setLastValue] = useState(value);
  if (lastValue !== value) {
    // The slider (or a new step) moved the bid: the box follows, unless it is what was typed.
    setLastValue(value);
    if (typedBid(typed, min, max) !== value) setTyped(value ?? '');
  }
  // A number typed out of range (or half typed, "-"): the hint says what Submit would bid.
  const differs = value !== null && typed !== '' && String(typed) !== String(value);
  // The range beside the box (and what Submit would bid) describes the box and the slider: a
  // screen reader hears the bid's limits with them.
  const rangeID = useId();
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" align="center">
        <Text size="sm" className={classes.nowrap}>
          Military bid
        </Text>
        <BidField
          min={min}
          max={max}
          hideControls={touch}
          value={typed}
          onChange={(v) => {
            setTyped(v);
            onChange(typedBid(v, min, max));
          }}
          onBlur={() => setTyped(value ?? '')}
          onEnter={onEnter}
          describedBy={rangeID}
        />
        <Text size="xs" c="dimmed" id={rangeID}>
          {min} to {max}
          {value === null ? ' · empty: no bid' : differs ? ` · Submit bids ${value}` : ''}
        </Text>
      </Group>
      {max > min ? <BidSlider min={min} max={max} value={shown} onChange={onChange} touch={touch} onEnter={onEnter} describedBy={rangeID} /> : null}
    </Stack>
  );
}

/**
 * The bid's slider: the browser's own range input (arrow keys, Home and End move it, Enter sends
 * the bid as the number box's does; the page's first load carries no slider script), with every
 * whole bid marked under the place its thumb stops.
 * No value bubble: the number box beside it shows the bid.
 */
function BidSlider({ min, max, value, onChange, touch, onEnter, describedBy }: { min: number; max: number; value: number; onChange: (bid: number) => void; touch: boolean; onEnter: (() => void) | undefined; describedBy: string }) {
  const span = max - min;
  // The thumb stops at its own half-width from either end, so the fill and the marks are laid out
  // from these (action-panel.module.css): the thumb's size and where the bid is along the track.
  // A dot on the track at every mark, drawn in the track's own background so the thumb covers the one it is on.
  const dots = Array.from({ length: span + 1 }, (_, i) => `radial-gradient(circle at calc(var(--bid-thumb) / 2 + (100% - var(--bid-thumb)) * ${i / span}) 50%, var(--bid-dot) 2px, transparent 2.5px)`);
  const style = { '--bid-thumb': `${touch ? 28 : 22}px`, '--bid-at': (value - min) / span, '--bid-dots': dots.join(', ') } as CSSProperties;
  return (
    <div className={classes.bidSlider} style={style}>
      <input
        type="range"
        className={classes.range}
        aria-label="Military bid slider"
        aria-describedby={describedBy}
        min={min}
        max={max}
        step={1}
        value={value}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          onEnter?.();
        }}
      />
      {/* The numbers under the thumb's stops; the slider itself tells a screen reader its value. */}
      <div className={classes.marks} aria-hidden="true" data-bid-marks="">
        {Array.from({ length: span + 1 }, (_, i) => (
          <span key={i} className={classes.mark} style={{ '--mark-at': i / span } as CSSProperties}>
            {min + i}
          </span>
        ))}
      </div>
    </div>
  );
}

function RerollChoice({ state, decision, choice, busy, awaiting, offline, send }: {
  state: GameScreenState;
  decision: Extract<Decision, { type: 'REROLL' }>;
  choice: Choice;
  busy: boolean;
  awaiting: boolean;
  /** Why nothing can be sent now (the page reconnecting), or null. */
  offline: string | null;
  send: (action: Action) => Promise<void>;
}) {
  const { clash, mine, best } = lostClashOf(state) ?? {};
  const reroll = choice.selection.reroll;
  return (
    <>
      <Text size="sm">
        {clash ? (
          <>
            You lost the clash for <b>{state.cardsByID[clash.cardID]?.name}</b>
            {mine && best && (
              <>
                {' '}
                ({mine.total} against <UserText>{nameOf(state, clash.winningPlayerID)}</UserText>'s {best.total})
              </>
            )}
            . Reroll with a token ({decision.rerollTokens} held), or keep?
          </>
        ) : (
          'Reroll or keep?'
        )}
      </Text>
      <Group grow gap="xs" role="group" aria-label="Reroll or Keep">
        <Button variant={reroll === 'reroll' ? 'filled' : 'outline'} aria-pressed={reroll === 'reroll'} disabled={decision.rerollTokens < 1} onClick={() => choice.update({ reroll: 'reroll' })}>
          Reroll
        </Button>
        <Button variant={reroll === 'decline' ? 'filled' : 'outline'} aria-pressed={reroll === 'decline'} onClick={() => choice.update({ reroll: 'decline' })}>
          Keep
        </Button>
      </Group>
      <SubmitButton
        label={rerollSubmitLabel(reroll)}
        reason={reroll === null ? CLIENT_MESSAGES.choice : offline}
        busy={busy}
        hidden={awaiting}
        onSubmit={() => reroll && void send({ type: 'REROLL', rollSelection: { rerollType: reroll, rerollRound: decision.rerollRound } })}
      />
    </>
  );
}

/**
 * "the basic piles", in the gain's words: a link to them on the page (its address leads there
 * too, opened anew), which brings them into sight between the headers and a docked panel,
 * smoothly where motion is welcome, and puts the focus on them, as the trade row is brought at a
 * bid. For a pointer or a finger: it is no Tab stop, since the keyboard's way from the panel is
 * Submit a Tab away (the card won is chosen already), and to the piles the page's skip link.
 */
function BasicPilesLink() {
  const animationsOff = useDisableAnimations();
  return (
    <a
      href={`#${BASIC_PILES_ID}`}
      tabIndex={-1}
      className={classes.pilesLink}
      onClick={(event) => {
        event.preventDefault();
        showBasicPiles(animationsOff);
      }}
    >
      the basic piles
    </a>
  );
}
