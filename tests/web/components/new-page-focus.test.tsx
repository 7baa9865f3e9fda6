/**
 * A page reached by a button that went with the page before (Start Game) starts the keyboard at
 * its top: the next Tab is the first skip link, not whatever stood after where the button was (the
 * game's "Mute sounds", past the skip links that lead to the player's move). A focus that stayed
 * on the way (the header's links) is left where it is, and the page's start counts as a lost focus
 * for the screens that place it themselves.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, expect, test } from 'vitest';
import { Link } from '../../../src/web/components/link.js';
import { useTopOfNewPage } from '../../../src/web/components/new-page.js';
import { SkipLinks } from '../../../src/web/components/skip-links.js';
import { focusIsLost, PAGE_START_ID } from '../../../src/web/lib/focus.js';

function Lobby() {
  const navigate = useNavigate();
  return <button onClick={() => navigate('/game')}>Start Game</button>;
}

function Site() {
  useTopOfNewPage(useLocation().pathname);
  return (
    <SkipLinks>
      <Link to="/rules">Rules</Link>
      <Routes>
        <Route path="/lobby" element={<Lobby />} />
        <Route path="/game" element={<button>Mute sounds</button>} />
        <Route path="/rules" element={<h1>Rules</h1>} />
      </Routes>
    </SkipLinks>
  );
}

function open() {
  render(
    <MemoryRouter initialEntries={['/lobby']}>
      <Site />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

test('Start Game, pressed by keyboard: the new page starts at its top, the next Tab a skip link', async () => {
  open();
  const user = userEvent.setup();
  screen.getByRole('button', { name: 'Start Game' }).focus();
  await user.keyboard('{Enter}');
  await screen.findByRole('button', { name: 'Mute sounds' });
  expect(document.activeElement?.id).toBe(PAGE_START_ID);
  expect(focusIsLost()).toBe(true);
  await user.tab();
  expect(document.activeElement?.textContent).toBe('Skip to content');
});

test("a header link that stays keeps the focus", async () => {
  open();
  const user = userEvent.setup();
  screen.getByRole('link', { name: 'Rules' }).focus();
  await user.keyboard('{Enter}');
  await screen.findByRole('heading', { name: 'Rules' });
  expect(document.activeElement?.textContent).toBe('Rules');
});
