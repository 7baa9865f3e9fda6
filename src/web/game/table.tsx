/**
 * The shared table: the trade row, the basic piles, the tribute row and the deck viewers.
 * Cards the viewer may pick now are buttons; each shows the gold this viewer would pay.
 */
import { useState } from 'react';
import { Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ScrollRow } from '../components/scroll-row.js';
import { Modal } from '../lib/lazy-modal.js';
import { useElementSize } from '@mantine/hooks';
import { useNoHover } from '../lib/touch.js';
import type { Player } from '../../engine/state.js';
import type { GameScreenState } from './model.js';
import { MilitaryIcon } from '../cards/icons.js';
import { GameCard, GameTribute } from './game-card.js';
import { costFor, unaffordableReason } from './derive.js';
import { nameOf } from './model.js';
import { textOn } from './presentation/format.js';
import classes from './table.module.css';

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
   * rather than a 4th card being cut off at the strip's edge.
   */
  fitRow?: boolean;
}

/** A phone's trade row cards are never narrower than this: their costs and icons stay readable. */
const MIN_FITTED_WIDTH = 78;
const ROW_GAP = 8;

/** The width of each of `count` cards in a row `available` px wide: at most `width`, at least MIN_FITTED_WIDTH. */
export function fittedCardWidth(width: number, count: number, available: number): number {
  if (count <= 0 || available <= 0) return width;
  return Math.max(MIN_FITTED_WIDTH, Math.min(width, Math.floor((available - ROW_GAP * (count - 1)) / count)));
}

function CostCaption({ state, me, cardID }: { state: GameScreenState; me: Player | null; cardID: number }) {
  if (!me) return null;
  const card = state.cardsByID[cardID];
  const war = card?.additionalCosts?.warTokens ?? 0;
  return (
    <Text size="xs" c="dimmed" component="span">
      Cost {costFor(state, me, cardID)}
      {war ? ` + ${war} Clash` : ''}
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
  // Less the room the strip keeps for its scrollbar.
  const cardWidth = fitRow ? fittedCardWidth(props.cardWidth, g.tableIDs.length, rowWidth - 16) : props.cardWidth;
  const revealed = g.phase === 'WAR' || g.phase === 'RESOLUTION' || g.phase === 'TRIBUTE';
  // No hover on a touch screen: say how to read a card there.
  const touch = useNoHover();
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
      <ScrollRow>
        <Group data-zone="trade-row" gap={fitRow ? ROW_GAP : 'sm'} wrap={fitRow ? 'wrap' : 'nowrap'} align="flex-start">
          {g.tableIDs.map((cardID, index) => {
            if (cardID === null) return <div key={`empty-${index}`} className={classes.emptySlot} style={{ width: cardWidth }} />;
            const card = state.cardsByID[cardID];
            if (!card) return null;
            const pickable = pickableTradeRow(index);
            const unaffordable = me !== null && unaffordableReason(state, me, cardID) !== null;
            const winner = revealed ? g.winnersByTradeRowIndex[index] : undefined;
            const bidders = revealed ? g.players.filter((p) => p.bid?.tradeRowIndex === index) : [];
            return (
              <Stack key={`${index}-${cardID}`} gap={4} align="center" data-trade-row-index={index} data-card-slot>
                <GameCard
                  card={card}
                  width={cardWidth}
                  unaffordable={me !== null && unaffordable}
                  selected={selectedCardID === cardID}
                  onClick={pickable ? () => onPick(cardID, index) : undefined}
                  label={`${card.name}, trade row card ${index + 1}`}
                  caption={<CostCaption state={state} me={me} cardID={cardID} />}
                />
                {bidders.length > 0 ? (
                  <Group gap={2} justify="center" maw={cardWidth}>
                    {bidders.map((p) => (
                      <Badge key={p.userID} size="xs" variant={winner === p.userID ? 'filled' : 'outline'} style={{ borderColor: p.color, background: winner === p.userID ? p.color : undefined, color: winner === p.userID ? textOn(p.color) : undefined }}>
                        {/* The bid first, after an icon (a bot's name ends in a number too): a
                            name too long for the card is cut, never the bid. */}
                        <MilitaryIcon size="1.1em" title="bid" /> {p.bid?.military} {nameOf(state, p.userID)}
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
  const piles = (
    <Group data-zone="basic-pile" gap="sm" wrap="wrap" align="flex-start">
      {state.game.basicPile.map((cardID) => {
        const card = state.cardsByID[cardID];
        if (!card) return null;
        const reason = me ? unaffordableReason(state, me, cardID) : null;
        return (
          <GameCard
            key={cardID}
            card={card}
            width={cardWidth}
            unaffordable={reason !== null}
            selected={selectedCardID === cardID}
            // One the player cannot pay for answers a click too: the action panel says why it is not chosen.
            onClick={pickableBasic ? () => onPick(cardID, null) : undefined}
            label={`${card.name}, basic card`}
            caption={<CostCaption state={state} me={me} cardID={cardID} />}
          />
        );
      })}
    </Group>
  );
  return (
    <section aria-label="Basic piles">
      <Title order={2} size="h5" mb={6}>
        Basic piles
      </Title>
      {piles}
    </section>
  );
}

export function TributeRow({ state, width }: { state: GameScreenState; width: number }) {
  const age = state.game.age;
  return (
    <section aria-label="Tribute row">
      <Title order={2} size="h5" mb={6}>
        Tributes
      </Title>
      <ScrollRow>
        <Group data-zone="tribute-row" gap="sm" wrap="nowrap" align="stretch">
          {state.game.tributeRow.map((id) => {
            const tribute = state.tributeCardsByID[id];
            return tribute ? (
              <div key={id} title={`Value this age: ${tribute.value[age - 1]}`} data-card-slot>
                <GameTribute tribute={tribute} width={width} />
              </div>
            ) : null;
          })}
        </Group>
      </ScrollRow>
      {state.game.tributeRow.length === 0 ? <EmptyRow>No tributes in the row.</EmptyRow> : null}
    </section>
  );
}

/** The age deck and the tribute deck: what is left, in card-number order (never the deal order). */
export function DeckViewers({ state }: { state: GameScreenState }) {
  const [open, setOpen] = useState<'deck' | 'tributes' | null>(null);
  const g = state.game;
  return (
    <Group gap="xs" data-zone="deck">
      <Button size="xs" variant="light" onClick={() => setOpen('deck')}>
        Age deck ({g.deck.length})
      </Button>
      <Button size="xs" variant="light" onClick={() => setOpen('tributes')}>
        Tribute deck ({g.tributeDeck.length})
      </Button>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open === 'deck' ? `Age ${g.age} deck: ${g.deck.length} cards, in no particular order` : `Tribute deck: ${g.tributeDeck.length} tributes, in no particular order`} size="xl">
        <SimpleGrid cols={{ base: 2, sm: 4, md: 5 }} spacing="sm">
          {open === 'deck'
            ? g.deck.map((id, i) => {
                const card = state.cardsByID[id];
                return card ? <GameCard key={`${id}-${i}`} card={card} width={130} /> : null;
              })
            : g.tributeDeck.map((id, i) => {
                const tribute = state.tributeCardsByID[id];
                return tribute ? <GameTribute key={`${id}-${i}`} tribute={tribute} width={130} /> : null;
              })}
        </SimpleGrid>
      </Modal>
    </Group>
  );
}
