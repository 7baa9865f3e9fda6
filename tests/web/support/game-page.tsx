/** The game screen as its route renders it, for component tests: the site's theme, a router at the game's address. */
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router-dom';
import { GameScreen } from '../../../src/web/game/game-screen.js';
import { theme } from '../../../src/web/theme.js';

export function gamePage(gameID: string) {
  return (
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={[`/game/${gameID}`]}>
        <GameScreen gameID={gameID} />
      </MemoryRouter>
    </MantineProvider>
  );
}
