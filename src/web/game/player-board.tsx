/**
 * A player's board: their cards in three stacks, Unit, Building and Event (the leader in its
 * type's stack). Cards in a stack overlap so a whole game's cards fit; hovering lifts one.
 */
import { memo } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import type { Player } from '../../engine/state.js';
import { CARD_TYPES } from '../../engine/types.js';
import type { GameScreenState } from './model.js';
import { nameOf } from './model.js';
import { GameCard } from './game-card.js';
import { nameColor } from '../lib/contrast.js';
import classes from './player-board.module.css';
import { UserText } from '../components/user-text.js';

export function PlayerBoard({ state, player, cardWidth = 96, showName = true }: { state: GameScreenState; player: Player; cardWidth?: number; showName?: boolean }) {
  return <Board userID={player.userID} color={player.color} cards={player.cards} name={nameOf(state, player.userID)} cardsByID={state.cardsByID} cardWidth={cardWidth} showName={showName} />;
}

interface BoardProps {
  userID: string;
  color: string;
  /** The player's cards by type: the same object from view to view until one is gained. */
  cards: Player['cards'];
  name: string;
  cardsByID: GameScreenState['cardsByID'];
  cardWidth: number;
  showName: boolean;
}

/**
 * Memoised on what a board shows, not on the player (whose object changes with every counter):
 * most views change no board, and each board is a dozen layout elements around its cards.
 */
const Board = memo(function Board({ userID, color, cards, name, cardsByID, cardWidth, showName }: BoardProps) {
  const overlap = Math.round(cardWidth * 1.4) - 34;
  return (
    <section data-zone="board" data-player-id={userID} aria-label={`Board of ${name}`}>
      {showName ? (
        <Text component="h3" fw={700} size="sm" mb={4} style={{ color: nameColor(color) }}>
          <UserText>{name}</UserText>
        </Text>
      ) : null}
      <Group align="flex-start" gap="md" wrap="wrap">
        {CARD_TYPES.map((type) => {
          const ids = cards[type];
          return (
            <Stack key={type} gap={4} style={{ minWidth: cardWidth }} data-stack={type}>
              <Text size="xs" c="dimmed">
                {type} ({ids.length})
              </Text>
              <div className={classes.column}>
                {ids.length === 0 ? <div className={classes.empty} style={{ width: cardWidth }} /> : null}
                {ids.map((id, i) => {
                  const card = cardsByID[id];
                  return card ? (
                    <div key={`${id}-${i}`} className="board-card" style={{ marginTop: i === 0 ? 0 : -overlap, zIndex: i }}>
                      <GameCard card={card} width={cardWidth} />
                    </div>
                  ) : null;
                })}
              </div>
            </Stack>
          );
        })}
      </Group>
    </section>
  );
});
