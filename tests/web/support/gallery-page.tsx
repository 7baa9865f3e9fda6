/**
 * The card gallery (/all-cards) rendered in happy-dom as its route renders it, the card data served
 * by the tRPC stub as the server gives it to the visitor (`definitions.get`: a developer's has the
 * devOnly modules' cards, anyone else's only their names), and beside it the address the page keeps.
 * The router is the window's, as the site's is: the page writes its search from the window's own
 * address. The test file replaces the tRPC client with the stub (support/trpc-stub.ts).
 */
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { BrowserRouter } from 'react-router-dom';
import { GAME_DEFINITIONS } from '../../../src/engine/data.js';
import { definitionsViews } from '../../../src/server/services/definitions-view.js';
import { Page as AllCardsPage } from '../../../src/web/pages/all-cards.js';
import { theme } from '../../../src/web/theme.js';
import { ShownAddress } from './shown-path.js';
import { stubbed } from './trpc-stub.js';

const VIEWS = definitionsViews(GAME_DEFINITIONS);

/** Who opens the gallery: nobody signed in, a signed-in player, or a developer. */
export type GalleryVisitor = 'anonymous' | 'player' | 'developer';

/** Renders the gallery at `address` (its query and hash) for `visitor`. */
export function openGallery(visitor: GalleryVisitor, address = '/all-cards'): void {
  const isDev = visitor === 'developer';
  stubbed.answers['definitions.get'] = VIEWS(isDev);
  stubbed.answers['session.me'] = visitor === 'anonymous' ? null : { id: 'u_reader', name: 'Reader', profilePictureURL: null, isDev, isGuest: true, finishedAGame: false };
  window.history.replaceState(null, '', address);
  render(
    <MantineProvider theme={theme} env="test">
      <BrowserRouter>
        <AllCardsPage />
        <ShownAddress />
      </BrowserRouter>
    </MantineProvider>,
  );
}

/** The ids of the cards drawn in a section, in page order (`attribute`: data-tribute-id for tributes). */
export const idsIn = (section: string, attribute = 'data-card-id'): number[] =>
  Array.from(document.querySelectorAll(`#${section} [data-preview-anchor] [${attribute}]`), (e) => Number(e.getAttribute(attribute)));
