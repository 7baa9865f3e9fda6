/**
 * The /replay page (a replay file opened in the browser) rendered in happy-dom, with a file picked
 * as a person picks one. The test file replaces what the page must not reach (the tRPC client, the
 * odds worker) with `vi.mock` as it needs.
 */
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Page as ReplayFilePage } from '../../../src/web/pages/replay-file.js';
import { theme } from '../../../src/web/theme.js';

/** Renders /replay and opens `text` in it as the file `name`. */
export async function openOnReplayPage(text: string, name = 'game.json'): Promise<void> {
  render(
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={['/replay']}>
        <ReplayFilePage />
      </MemoryRouter>
    </MantineProvider>,
  );
  await userEvent.setup().upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File([text], name, { type: 'application/json' }));
}
