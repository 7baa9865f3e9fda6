/**
 * The player summary list: per player a ready bar (green once they have acted), picture, name in
 * their seat colour, favor (the winners' highlighted), gold and military with base and production,
 * tokens and card counts. Clicking the counts or the favor toggles their detail; clicking the
 * player (or a long press on a phone) opens the detail modal (player-detail.tsx, loaded then).
 */
import { Fragment, memo, Suspense, useCallback, useState, type ReactNode } from 'react';
import { retryingLazy } from '../lib/retrying-lazy.js';
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCards } from '@tabler/icons-react';
import type { Player } from '../../engine/state.js';
import { AFFINITIES, CARD_TYPES } from '../../engine/types.js';
import type { GameScreenState } from './model.js';
import { PresenceMark, SeatClock } from './clock.js';
import { nameOf } from './model.js';
import { economyOf } from './derive.js';
import { ClashIcon, RerollIcon, TributeTokenIcon } from '../cards/icons.js';
import { FavorCueAnchor, useFavorGain } from './favor-cue.js';
import { GlossaryTerm } from './glossary.js';
import { useTickingNumber } from './presentation/index.js';
import { useNamesRatings, useWinnerIDs } from './presentation/end-rating-source.js';
import { useHold } from '../lib/press.js';
import { nameColor } from '../lib/contrast.js';
import { initialsOf } from '../lib/initials.js';
import { SeatAvatar } from './seat-avatar.js';
import { RatingTag } from '../ratings/ratings.js';
import classes from './player-list.module.css';
import { UserText } from '../components/user-text.js';
import { YouMark } from '../components/you-mark.js';

function Stat({ label, value, detail, counter }: { label: string; value: ReactNode; detail?: ReactNode; counter?: string }) {
  return (
    <span title={label} className={classes.stat} data-counter={counter}>
      <Text span fw={700} size="sm">
        {value}
      </Text>
      <Text span size="xs" c="dimmed">
        {' '}
        {label}
        {detail ? <> {detail}</> : null}
      </Text>
    </span>
  );
}

/**
 * A detail's labels and their numbers, one after another: each label kept with its number, as a
 * Stat is, when a phone's narrow summary wraps the line (a lone '0' went down to the next line).
 */
function Pairs({ of }: { of: [ReactNode, number][] }) {
  return of.map(([label, value], i) => (
    <Fragment key={i}>
      {i > 0 ? ' · ' : null}
      <span className={classes.stat}>
        {label} {value}
      </span>
    </Fragment>
  ));
}

/** A token count on a phone's summary: the game's icon for it (named for screen readers and on hover) and the number. */
function TokenStat({ icon, label, value, counter }: { icon: ReactNode; label: string; value: number; counter: string }) {
  return (
    <span title={`${value} ${label}`} aria-label={`${value} ${label}`} role="img" data-counter={counter} className={classes.token}>
      {icon}
      <Text span fw={700} size="sm" aria-hidden>
        {value}
      </Text>
    </span>
  );
}

/**
 * A counter that ticks to its new value, a step at least 50 ms apart, rather than jumping: a
 * component of its own, so each tick redraws the number, not the whole summary around it.
 */
function TickingCount({ value }: { value: number }) {
  return <>{useTickingNumber(value)}</>;
}

/**
 * One player's summary. `compact` (a phone): the same facts in four short lines, so the row of
 * summaries leaves the trade row on the first screen: the tokens (as the cards' own icons) and the
 * card count beside the favor, each named for screen readers.
 */
interface SummaryProps {
  state: GameScreenState;
  player: Player;
  compact?: boolean;
  /** Opens the player's details (a stable function keeps the summary memoised). */
  onOpen: (userID: string) => void;
}

function Summary({ state, player, compact, onOpen: openPlayer }: SummaryProps) {
  const onOpen = useCallback(() => openPlayer(player.userID), [openPlayer, player.userID]);
  const [detailedFavor, setDetailedFavor] = useState(false);
  const [countsByKind, setCountsByKind] = useState(false);
  const g = state.game;
  const ready = g.readyByUserID[player.userID] ?? false;
  // The winners once forfeits count: nobody who left, whatever their seat's favor.
  const winner = useWinnerIDs(g).includes(player.userID);
  const eco = economyOf(state, player);
  const c = player.counters;
  const name = nameOf(state, player.userID);
  const user = state.usersByID[player.userID];
  const isMe = player.userID === state.me;
  const away = state.awayByUserID[player.userID] ?? null;
  // Every summary asks for the same ids: one query (and one request) for the whole table. The
  // page says which ratings (today's on a running game's screen, then the ones its end left; a replay's as they were at its step).
  const rating = useNamesRatings(g.players.map((p) => p.userID))[player.userID];
  // The viewer's own score rising shows as a short "+n favor" beside it.
  const gain = useFavorGain(c.favor, isMe && !(g.options.hideFavor && g.gameEndTimestamp === null));

  // Touching and holding a summary opens the player's details (a phone has no hover).
  const hold = useHold(onOpen, { touchOnly: true });

  const fs = player.favorSources;
  const cardCount = player.cardIDs.length === 1 ? '1 card' : `${player.cardIDs.length} cards`;
  const favor = (
    <UnstyledButton onClick={() => setDetailedFavor((d) => !d)} title="Favor: total or by source" aria-expanded={detailedFavor}>
      <Badge color={winner ? 'yellow' : 'gray'} variant={winner ? 'filled' : 'light'} size={compact ? 'sm' : 'md'} className={classes.favor} data-winner={winner ? 'true' : undefined} data-counter="favor">
        <TickingCount value={c.favor} /> favor{winner ? ' ★' : ''}
      </Badge>
    </UnstyledButton>
  );
  const favorDetail = detailedFavor ? (
    <Text size="xs" c="dimmed">
      <Pairs
        of={[
          ['cards', fs.cards],
          ['tributes', fs.tributes],
          [<GlossaryTerm entry="prophecy">prophecies</GlossaryTerm>, fs.prophecies],
          ['resources', fs.resources],
        ]}
      />
    </Text>
  ) : null;
  // 'base' explains itself on a click or a tap: a newcomer meets it on the first screen.
  const base = <GlossaryTerm entry="base">base</GlossaryTerm>;
  const gold = <Stat label="gold" value={c.gold} detail={<>({base} {eco.baseGold}, +{eco.goldPerTurn}/turn)</>} counter="gold" />;
  // The military line's 'base' too, on a phone as on a desktop (player-list.module.css keeps a
  // phone's 24 px targets from making their lines taller).
  const military = <Stat label="military" value={c.military} detail={<>({base} {eco.baseMilitary}, +{eco.militaryPerTurn}/turn)</>} counter="military" />;
  const countsDetail = (
    <Text size="xs">
      <Pairs of={CARD_TYPES.map((t) => [t, player.cards[t].length])} />
      <br />
      <Pairs of={AFFINITIES.filter((a) => a !== 'Leader').map((a) => [a, player.cardIDs.filter((id) => state.cardsByID[id]?.affinity === a).length])} />
    </Text>
  );
  const counts = (
    <UnstyledButton onClick={() => setCountsByKind((d) => !d)} title="Cards: total or by kind" aria-expanded={countsByKind}>
      {countsByKind ? countsDetail : <Text size="xs">{cardCount}</Text>}
    </UnstyledButton>
  );
  // Here, away or gone; the clock; ready or deciding. A phone's narrow summary has no room for the
  // word on this line (the name would be cut): its coloured edge writes it, down the edge
  // (player-list.module.css), and names it for a screen reader.
  const status = (ml: 'auto' | undefined) => (
    <Group gap={5} wrap="nowrap" ml={ml} className={classes.status}>
      <PresenceMark state={state} userID={player.userID} />
      <SeatClock state={state} userID={player.userID} />
      {compact ? null : (
        <Text size="xs" c={ready ? 'green.4' : 'var(--mythos-deciding)'} className={classes.stat}>
          {g.gameEndTimestamp !== null ? '' : ready ? 'Ready' : 'Deciding'}
        </Text>
      )}
    </Group>
  );
  return (
    <div
      data-player-id={player.userID}
      // 'player-summary' styles nothing: it stays beside the module's class as the hook by which
      // the browser tests and their screen watcher find a player's summary.
      className={`player-summary ${classes.summary}`}
      data-compact={compact ? 'true' : undefined}
      data-me={isMe || undefined}
      data-won={winner || undefined}
      data-ended={g.gameEndTimestamp !== null || undefined}
      {...hold.handlers}
    >
      <div
        role="img"
        aria-label={ready ? `${name} is ready` : `${name} is deciding`}
        data-ready={ready ? 'true' : 'false'}
        className={classes.edge}
      />
      {/* No gap between a phone's lines: each holds a target 24 px tall, room enough to tell them apart. */}
      <Stack gap={compact ? 0 : 2} px={compact ? 6 : 8} pt={compact ? 3 : 8} pb={compact ? 6 : 8} className={classes.body}>
        {/* On a desktop the presence, clock and Ready/Deciding go under the name when the line
            cannot hold them all: a turn timer's clock once left "Gue…" of a guest's own name.
            A phone's summaries keep one line (their height is what four seats must fit in). */}
        <Group gap={compact ? 6 : 8} wrap={compact ? 'nowrap' : 'wrap'} className={classes.head}>
          <UnstyledButton onClick={onOpen} title={`Details of ${name}`} className={classes.who}>
            <SeatAvatar src={user?.profilePictureURL ?? null} initials={initialsOf(name)} size={compact ? 22 : 30} color={player.color} />
            <Text fw={700} size="sm" truncate className={classes.name} style={{ color: nameColor(player.color) }}>
              <UserText>{name}</UserText>
            </Text>
            {/* The viewer's "(you)" is a small mark of its own, never cut with a long name: beside
                a phone's turn clock, or in a small window's narrow column of players, it was the
                first thing lost ("Tamsin (…", "Tamsin Oka…"). */}
            {isMe ? <YouMark className={classes.you} /> : null}
          </UnstyledButton>
          {/* The rating beside the button, not in it: where the line cannot hold the name, "(you)"
              and the rating (a small window's 220 px column of players), the rating goes down to
              the clock's line rather than the name being cut ("Maximi… (you) 1500?"). */}
          <RatingTag rating={rating} />
          {/* A player who left is not away, to be back: their mark says "left". */}
          {away && away !== 'left' && g.gameEndTimestamp === null ? (
            <Badge color="orange" variant="light" size="sm" ml="auto" title={`${name} is away (${away}): a bot plays for them until they are back.`} data-away="true">
              Away
            </Badge>
          ) : null}
          {status(away ? undefined : 'auto')}
        </Group>
        {compact ? (
          <>
            <Group gap={5} wrap="wrap" className={classes.tokens}>
              <FavorCueAnchor gain={gain} placement="above">
                {favor}
              </FavorCueAnchor>
              <TokenStat icon={<ClashIcon size={13} />} label="Clash" value={c.warTokens} counter="warTokens" />
              <TokenStat icon={<RerollIcon size={13} />} label="reroll" value={c.rerollTokens} counter="rerollTokens" />
              <TokenStat icon={<TributeTokenIcon size={13} />} label="tribute" value={c.tributeTokens} counter="tributeTokens" />
              <UnstyledButton onClick={() => setCountsByKind((d) => !d)} title="Cards: total or by kind" aria-expanded={countsByKind} aria-label={cardCount} ml="auto" className={classes.cards}>
                <IconCards size={15} stroke={1.8} aria-hidden />
                <Text span fw={700} size="sm" aria-hidden>
                  {player.cardIDs.length}
                </Text>
              </UnstyledButton>
            </Group>
            {favorDetail}
            {countsByKind ? countsDetail : null}
            {gold}
            {military}
          </>
        ) : (
          <>
            <Group gap={6}>
              <FavorCueAnchor gain={gain} placement="right">
                {favor}
              </FavorCueAnchor>
              {favorDetail}
            </Group>
            <Group gap={10} wrap="wrap">
              {gold}
              {military}
            </Group>
            <Group gap={10} wrap="wrap">
              <Stat label="Clash" value={c.warTokens} counter="warTokens" />
              <Stat label="reroll" value={c.rerollTokens} counter="rerollTokens" />
              <Stat label="tribute" value={c.tributeTokens} counter="tributeTokens" />
            </Group>
            {counts}
          </>
        )}
      </Stack>
    </div>
  );
}

/**
 * Whether a summary would draw the same: its props, and every field of the state that it, its
 * clock and its presence mark read. The state is new with every view, and re-drawing each summary
 * (some forty Mantine elements) for every view was a large part of the screen's render; a player
 * whose counters did not change keeps their summary. A field of the state read by Summary must be
 * compared here too.
 */
function sameSummary(a: SummaryProps, b: SummaryProps): boolean {
  if (a.player !== b.player || a.compact !== b.compact || a.onOpen !== b.onOpen) return false;
  if (a.state === b.state) return true;
  const id = a.player.userID;
  const [x, y] = [a.state, b.state];
  const [sx, sy] = [x.seatsByUserID[id], y.seatsByUserID[id]];
  // Each update brings the table afresh (new seat objects, a new clock offset): its fields count.
  const sameSeat = sx === sy || (sx !== undefined && sy !== undefined && sx.presence === sy.presence && sx.left === sy.left && sx.deadline === sy.deadline);
  // The offset moves the clock only where there is one.
  const sameClock = sx?.deadline == null || x.clockOffsetMs === y.clockOffsetMs;
  return (
    sameSeat &&
    sameClock &&
    x.me === y.me &&
    x.usersByID === y.usersByID &&
    x.cardsByID === y.cardsByID &&
    x.awayByUserID[id] === y.awayByUserID[id] &&
    (x.game.readyByUserID[id] ?? false) === (y.game.readyByUserID[id] ?? false) &&
    x.game.winnerIDs.includes(id) === y.game.winnerIDs.includes(id) &&
    x.game.options.hideFavor === y.game.options.hideFavor &&
    x.game.gameEndTimestamp === y.game.gameEndTimestamp &&
    x.game.players.length === y.game.players.length &&
    x.game.players.every((p, i) => p.userID === y.game.players[i]!.userID)
  );
}

export const PlayerSummary = memo(Summary, sameSummary);

// The detail (a dialog) loads when a player is first opened, not with the game's first screen.
const LazyPlayerDetailModal = retryingLazy(() => import('./player-detail.js'));

export function PlayerDetailModal(props: { state: GameScreenState; player: Player | null; onClose: () => void }) {
  const [wanted, setWanted] = useState(props.player !== null);
  if (props.player !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyPlayerDetailModal {...props} />
    </Suspense>
  );
}
