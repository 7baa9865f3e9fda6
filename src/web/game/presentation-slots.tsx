/**
 * Where the presentation layer (src/web/game/presentation, another engineer's) plugs into the
 * screen. Until its index lands, these plain stand-ins keep the screen whole: a header with the
 * phase, turn and age, the winners line, no animations and no sounds.
 */
import { Group, Text, Title } from '@mantine/core';
import type { GameScreenState } from './model.js';
import { nameOf } from './model.js';

function GameHeader({ state }: { state: GameScreenState }) {
  const g = state.game;
  return (
    <Group gap="md" component="header" aria-label="Game header">
      <Title order={1} size="h4">
        {g.gameEndTimestamp !== null ? 'Game Over!' : g.phase}
      </Title>
      <Text>
        Turn {g.turn}/{g.turnsPerAge}
      </Text>
      <Text>Age {g.age}/3</Text>
    </Group>
  );
}

function EndOfGame({ state }: { state: GameScreenState }) {
  const names = state.game.winnerIDs.map((id) => nameOf(state, id)).join(' and ');
  return (
    <Title order={2} size="h3" my="sm" data-testid="end-of-game">
      {names} won!
    </Title>
  );
}

const Nothing = (_props: { state?: GameScreenState }) => null;

export const Presentation = {
  GameHeader,
  EventLog: Nothing,
  useEventAnimations: (_state: GameScreenState) => ({ awaiting: false }),
  ClashDisplay: Nothing,
  useGameSounds: (_state: GameScreenState) => undefined,
  EndOfGame,
  GameChatButton: Nothing,
  MythosInfoPanel: Nothing,
};
