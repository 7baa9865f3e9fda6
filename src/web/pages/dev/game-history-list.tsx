/** `/dev/game-history-list`: every game, for developers. */
import { Container, Title } from '@mantine/core';
import { GameHistory } from '../../history/game-history.js';
import { DevBreadcrumbs } from './index.js';

export function Page() {
  return (
    <Container size="lg" py="md">
      <DevBreadcrumbs current="Game history" />
      <Title order={1} mb="md">
        Game history
      </Title>
      <GameHistory />
    </Container>
  );
}
