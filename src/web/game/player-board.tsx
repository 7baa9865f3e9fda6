/**
 * A player's board: their cards in three stacks, Unit, Building and Event (the leader in its
 * type's stack). Cards in a stack overlap so a whole game's cards fit; hovering lifts one.
 */
import { Group, Stack, Text } from '@mantine/core';
import type { Player } from '../../engine/state.js';
import { CARD_TYPES } from '../../engine/types.js';
import type { GameScreenState } from './model.js';
import { nameOf } from './model.js';
import { GameCard } from './game-card.js';
import classes from './player-board.module.css';

export function PlayerBoard({ state, player, cardWidth = 96, showName = true }: { state: GameScreenState; player: Player; cardWidth?: number; showName?: boolean }) {
  const overlap = Math.round(cardWidth * 1.4) - 34;
  return (
    <section data-zone="board" data-player-id={player.userID} aria-label={`Board of ${nameOf(state, player.userID)}`}>
      {showName ? (
        <Text fw={700} size="sm" mb={4} style={{ color: player.color }}>
          {nameOf(state, player.userID)}
        </Text>
      ) : null}
      <Group align="flex-start" gap="md" wrap="wrap">
        {CARD_TYPES.map((type) => {
          const ids = player.cards[type];
          return (
            <Stack key={type} gap={4} style={{ minWidth: cardWidth }} data-stack={type}>
              <Text size="xs" c="dimmed">
                {type} ({ids.length})
              </Text>
              <div className={classes.column}>
                {ids.length === 0 ? <div className={classes.empty} style={{ width: cardWidth }} /> : null}
                {ids.map((id, i) => {
                  const card = state.cardsByID[id];
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
}
