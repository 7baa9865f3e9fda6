/**
 * A page as the site renders it, for component tests: the site's theme and a router at `path`
 * (`children` may be the page itself, or routes around it).
 */
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { theme } from '../../../src/web/theme.js';

export function atPath(path: string, children: ReactNode) {
  return (
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </MantineProvider>
  );
}
