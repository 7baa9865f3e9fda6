/**
 * The lobby list page rendered in happy-dom, as the site shows it at /lobby-list, with the path
 * it sends the person to shown (support/shown-path.tsx). The test file replaces the tRPC client
 * with the stub (support/trpc-stub.ts), whose subscription it drives.
 */
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Page as LobbyListPage } from '../../../src/web/pages/lobby-list.js';
import { theme } from '../../../src/web/theme.js';
import { ShownAddress } from './shown-path.js';

export function renderLobbyListPage(): void {
  render(
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={['/lobby-list']}>
        <LobbyListPage />
        <ShownAddress />
      </MemoryRouter>
    </MantineProvider>,
  );
}
