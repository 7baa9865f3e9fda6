/**
 * The shared table: the trade row, the basic piles, the tribute row and the deck viewers.
 * Cards the viewer may pick now are buttons; each shows the gold this viewer would pay. The trade
 * row's and the basic piles' buttons are one Tab stop each, the arrow keys moving between the
 * cards (roving-row.ts).
 */
import { memo, useMemo, useState } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { ScrollRow } from '../components/scroll-row.js';
import { Modal } from '../lib/lazy-modal.js';
import { useElementSize } from '@mantine/hooks';
import { useNoHover } from '../lib/touch.js';
import type { Player } from '../../engine/state.js';
import type { Card, GameScreenState } from './model.js';
import { ClashIcon, MilitaryIcon } from '../cards/icons.js';
import { GameCard, GameTribute } from './game-card.js';
import { costFor, unaffordableReason } from './derive.js';
import { useRovingRow } from './roving-row.js';
import { focusActionPanel } from './action-panel.js';
import { BASIC_PILES_ID } from './row-in-view.js';
import { nameOf } from './model.js';
import { textOn } from './presentation/format.js';
import { initialsOf } from '../lib/initials.js';
import classes from './table.module.css';
import { UserText } from '../components/user-text.js';

export interface PickableProps {
  state: GameScreenState;
  /** The viewer's seat (null for a spectator). */
  me: Player | null;
  selectedCardID: number | null;
  /** Which table cards can be picked now: trade row indexes, and whether basic cards can. */
  pickableTradeRow: (index: number) => boolean;
  pickableBasic: boolean;
  onPick: (cardID: number, tradeRowIndex: number | null) => void;
  cardWidth: number;
  /**
   * A phone: the trade row's cards shrink to fit its width (down to MIN_FITTED_WIDTH), then wrap,
   * rather than a 4th card being cut off at the strip's edge. On a desktop they keep their width
   * and wrap: at 1280 px a column holds 5, and a row of 6 or more (5 seats or more) had its last
   * cards past the edge.
   */
  fitRow?: boolean;
}

/** A phone's trade row cards are never narrower than this: their costs and icons stay readable. */
const MIN_FITTED_WIDTH = 78;
const ROW_GAP = 8;
/**
 * Room around the trade row's cards inside its strip, which clips what overflows it: the chosen
 * card's ring (3 px outside its frame) was cut off along the strip's edges.
 */
const RING_ROOM = 4;

/** The width of each of `count` cards in a row `available` px wide: at most `width`, at least MIN_FITTED_WIDTH. */
export function fittedCardWidth(width: number, count: number, available: number): number {
  if (count <= 0 || available <= 0) return width;
  return Math.max(MIN_FITTED_WIDTH, Math.min(width, Math.floor((available - ROW_GAP * (count - 1)) / count)));
}

/** The gold (and Clash tokens) a card would cost the viewer, as its caption says it. */
interface Cost {
  gold: number;
  war: number;
}

function costOf(state: GameScreenState, me: Player | null, cardID: number): Cost | null {
  if (!me) return null;
  return { gold: costFor(state, me, cardID), war: state.cardsByID[cardID]?.additionalCosts?.warTokens ?? 0 };
}

interface TableCardProps {
  card: Card;
  width: number;
  unaffordable: boolean;
  selected: boolean;
  /** Null when the viewer is no buyer (a spectator, or the game is over). */
  gold: number | null;
  war: number;
  /** Picks the card when clicked; undefined when it cannot be picked now. */
  onPick?: (cardID: number, tradeRowIndex: number | null) => void;
  /** The trade row slot, or null for a basic card. */
  tradeRowIndex: number | null;
  label: string;
  /** The row's Tab stop (see roving-row.ts): false for its other cards, reached by the arrow keys. */
  tabbable: boolean;
}

/**
 * A card on the table, memoised on plain values (the cost as numbers, a stable onPick), so a new
 * view redraws only the cards whose cost, mark or selection changed: the caption and the click
 * handler are made here, not by the row on every render.
 */
const TableCard = memo(function TableCard({ card, width, unaffordable, selected, gold, war, onPick, tradeRowIndex, label, tabbable }: TableCardProps) {
  const onClick = useMemo(() => (onPick ? () => onPick(card.id, tradeRowIndex) : undefined), [onPick, card.id, tradeRowIndex]);
  return <GameCard card={card} width={width} unaffordable={unaffordable} selected={selected} onClick={onClick} tabIndex={tabbable ? 0 : -1} label={label} caption={<CostCaption gold={gold} war={war} />} />;
});

/** The caption under a table card (its frame is there, empty, for a viewer who is no buyer). */
function CostCaption({ gold, war }: { gold: number | null; war: number }) {
  if (gold === null) return null;
  return (
    // One line however narrow the slot: the Clash tokens as the token's icon (read as the word), so
    // a phone's docked action panel never covers a two-line caption.
    <Text size="xs" c="dimmed" component="span" className={classes.costCaption}>
      Cost {gold}
      {war ? (
        <>
          {` + ${war}`}
          <ClashIcon size={12} />
          <span className="mythos-visually-hidden"> Clash</span>
        </>
      ) : null}
    </Text>
  );
}

/** The viewer as a buyer: nobody is one once the game is over (no costs, no unaffordable marks). */
function buyerOf(state: GameScreenState, me: Player | null): Player | null {
  return state.game.gameEndTimestamp === null ? me : null;
}

export function TradeRow(props: PickableProps) {
  const { state, selectedCardID, pickableTradeRow, onPick, fitRow = false } = props;
  const me = buyerOf(state, props.me);
  const g = state.game;
  const { ref: rowRef, width: rowWidth } = useElementSize();
  // Less the room the strip keeps for its scrollbar, and the row's own padding.
  const cardWidth = fitRow ? fittedCardWidth(props.cardWidth, g.tableIDs.length, rowWidth - 16 - 2 * RING_ROOM) : props.cardWidth;
  const revealed = g.phase === 'WAR' || g.phase === 'RESOLUTION' || g.phase === 'TRIBUTE';
  // No hover on a touch screen: say how to read a card there.
  const touch = useNoHover();
  const roving = useRovingRow(
    g.tableIDs.flatMap((cardID, index) => (cardID !== null && state.cardsByID[cardID] && pickableTradeRow(index) ? [cardID] : [])),
    selectedCardID,
    'Trade row cards',
    focusActionPanel,
  );
  return (
    <section aria-label="Trade row" ref={rowRef}>
      <Group gap="xs" mb={6} align="baseline">
        <Title order={2} size="h5">
          Trade row
        </Title>
        {touch ? (
          <Text size="xs" c="dimmed">
            Touch and hold a card to read it.
          </Text>
        ) : null}
      </Group>
      <ScrollRow focusable={roving.stop === null}>
        <Group data-zone="trade-row" gap={fitRow ? ROW_GAP : 'sm'} wrap="wrap" align="flex-start" p={RING_ROOM} {...roving.props}>
          {g.tableIDs.map((cardID, index) => {
            if (cardID === null) return <div key={`empty-${index}`} className={classes.emptySlot} style={{ width: cardWidth }} />;
            const card = state.cardsByID[cardID];
            if (!card) return null;
            const pickable = pickableTradeRow(index);
            const unaffordable = me !== null && unaffordableReason(state, me, cardID) !== null;
            const winner = revealed ? g.winnersByTradeRowIndex[index] : undefined;
            const bidders = revealed ? g.players.filter((p) => p.bid?.tradeRowIndex === index) : [];
            const cost = costOf(state, me, cardID);
            return (
              <Stack key={`${index}-${cardID}`} gap={4} align="center" data-trade-row-index={index} data-card-slot>
                <TableCard
                  card={card}
                  width={cardWidth}
                  unaffordable={unaffordable}
                  selected={selectedCardID === cardID}
                  gold={cost?.gold ?? null}
                  war={cost?.war ?? 0}
                  onPick={pickable ? onPick : undefined}
                  tradeRowIndex={index}
                  label={`${card.name}, trade row card ${index + 1}`}
                  tabbable={roving.stop === cardID}
                />
                {bidders.length > 0 ? (
                  <Group gap={2} justify="center" maw={cardWidth}>
                    {bidders.map((p) => (
                      <Badge key={p.userID} size="xs" title={`${nameOf(state, p.userID)} bid ${p.bid?.military}`} variant={winner === p.userID ? 'filled' : 'outline'} style={{ borderColor: p.color, background: winner === p.userID ? p.color : undefined, color: winner === p.userID ? textOn(p.color) : undefined }}>
                        {/* The bid first, after an icon (a bot's name ends in a number too): a
                            name too long for the card is cut, never the bid, and said whole
                            when pointed at. */}
                        <MilitaryIcon size="1.1em" title="bid" /> {p.bid?.military} <BidderName name={nameOf(state, p.userID)} short={cardWidth < WHOLE_NAME_WIDTH} />
                      </Badge>
                    ))}
                  </Group>
                ) : null}
              </Stack>
            );
          })}
        </Group>
      </ScrollRow>
      {g.tableIDs.length === 0 ? <EmptyRow>No cards on the trade row.</EmptyRow> : null}
    </section>
  );
}

/**
 * The narrowest card under which a bid's badge has room for a name (a desktop's card, 120 px, holds
 * "1 EASY BOT 1"). Under a phone's cards (96 px and less) a name was cut to "EASY BO…", which no
 * finger can point at to read whole: the badge shows the initials the player's avatar shows
 * above the table, in the player's colour, and says the whole name to a screen reader.
 */
const WHOLE_NAME_WIDTH = 120;

function BidderName({ name, short }: { name: string; short: boolean }) {
  if (!short) return <UserText>{name}</UserText>;
  return (
    <>
      <span aria-hidden="true" data-bidder-initials>
        {initialsOf(name)}
      </span>
      <span className="mythos-visually-hidden">{name}</span>
    </>
  );
}

/** What an empty row says instead of nothing under its title (both rows end the game empty). */
function EmptyRow({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/**
 * The basic piles. They wrap onto more lines, on a phone too: in a sideways scroller the last
 * piles (Fort) sat hidden past the edge.
 */
export function BasicPiles(props: PickableProps) {
  const { state, selectedCardID, pickableBasic, onPick, cardWidth } = props;
  const me = buyerOf(state, props.me);
  // One Tab stop too, when a basic card can be gained: each pile was a Tab press of its own.
  const roving = useRovingRow(pickableBasic ? state.game.basicPile.filter((cardID) => state.cardsByID[cardID]) : [], selectedCardID, 'Basic cards', focusActionPanel);
  const piles = (
    <Group data-zone="basic-pile" gap="sm" wrap="wrap" align="flex-start" {...roving.props}>
      {state.game.basicPile.map((cardID) => {
        const card = state.cardsByID[cardID];
        if (!card) return null;
        const reason = me ? unaffordableReason(state, me, cardID) : null;
        const cost = costOf(state, me, cardID);
        return (
          <TableCard
            key={cardID}
            card={card}
            width={cardWidth}
            unaffordable={reason !== null}
            selected={selectedCardID === cardID}
            gold={cost?.gold ?? null}
            war={cost?.war ?? 0}
            // One the player cannot pay for answers a click too: the action panel says why it is not chosen.
            onPick={pickableBasic ? onPick : undefined}
            tradeRowIndex={null}
            label={`${card.name}, basic card`}
            tabbable={roving.stop === cardID}
          />
        );
      })}
    </Group>
  );
  return (
    <section aria-label="Basic piles" id={BASIC_PILES_ID}>
      <Title order={2} size="h5" mb={6}>
        Basic piles
      </Title>
      {piles}
    </section>
  );
}

export function TributeRow({ state, width }: { state: GameScreenState; width: number }) {
  return <Tributes age={state.game.age} tributeRow={state.game.tributeRow} tributeCardsByID={state.tributeCardsByID} width={width} />;
}

type TributesProps = Pick<GameScreenState['game'], 'age' | 'tributeRow'> & Pick<GameScreenState, 'tributeCardsByID'> & { width: number };

/** Memoised on the row (the same array from view to view until it changes), as the decks are: a click's optimistic view redrew it unchanged. */
const Tributes = memo(function Tributes({ age, tributeRow, tributeCardsByID, width }: TributesProps) {
  return (
    <section aria-label="Tribute row">
      <Title order={2} size="h5" mb={6}>
        Tributes
      </Title>
      <ScrollRow>
        <Group data-zone="tribute-row" gap="sm" wrap="nowrap" align="stretch">
          {tributeRow.map((id) => {
            const tribute = tributeCardsByID[id];
            return tribute ? (
              <div key={id} title={`Value this age: ${tribute.value[age - 1]}`} data-card-slot>
                <GameTribute tribute={tribute} width={width} />
              </div>
            ) : null;
          })}
        </Group>
      </ScrollRow>
      {tributeRow.length === 0 ? <EmptyRow>No tributes in the row.</EmptyRow> : null}
    </section>
  );
});

/** The age deck and the tribute deck: what is left, in card-number order (never the deal order). */
export function DeckViewers({ state }: { state: GameScreenState }) {
  const g = state.game;
  return <Decks age={g.age} deck={g.deck} tributeDeck={g.tributeDeck} cardsByID={state.cardsByID} tributeCardsByID={state.tributeCardsByID} />;
}

type DecksProps = Pick<GameScreenState['game'], 'age' | 'deck' | 'tributeDeck'> & Pick<GameScreenState, 'cardsByID' | 'tributeCardsByID'>;

/** Memoised on the decks (the same arrays from view to view until a card is dealt), not the whole state. */
const Decks = memo(function Decks({ age, deck, tributeDeck, cardsByID, tributeCardsByID }: DecksProps) {
  const [open, setOpen] = useState<'deck' | 'tributes' | null>(null);
  return (
    <Group gap="xs" data-zone="deck">
      <Button size="xs" variant="light" onClick={() => setOpen('deck')}>
        Age deck ({deck.length})
      </Button>
      <Button size="xs" variant="light" onClick={() => setOpen('tributes')}>
        Tribute deck ({tributeDeck.length})
      </Button>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open === 'deck' ? `Age ${age} deck: ${deck.length} cards, in no particular order` : `Tribute deck: ${tributeDeck.length} tributes, in no particular order`} size="xl">
        {/* A plain grid (table.module.css): Mantine's SimpleGrid was 1.1 KB of the game's first load for this modal alone. */}
        <div className={classes.deckGrid}>
          {open === 'deck'
            ? deck.map((id, i) => {
                const card = cardsByID[id];
                return card ? <GameCard key={`${id}-${i}`} card={card} width={130} /> : null;
              })
            : tributeDeck.map((id, i) => {
                const tribute = tributeCardsByID[id];
                return tribute ? <GameTribute key={`${id}-${i}`} tribute={tribute} width={130} /> : null;
              })}
        </div>
      </Modal>
    </Group>
  );
});
