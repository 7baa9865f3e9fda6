/**
 * The site's own links (src/web/components/link.tsx) behave as react-router's did: a plain click
 * moves in the page, a click the browser should take (a modifier key, another target) or one a
 * handler cancelled does not, Mantine's buttons render as them with their ref, and the header's
 * link is marked as the current page on its own page only.
 */
import { Button } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, expect, test } from 'vitest';
import { Link, NavLink } from '../../../src/web/components/link.js';
import { atPath } from '../support/at-path.js';
import { ShownAddress, shownAddress } from '../support/shown-path.js';

afterEach(cleanup);

const link = (name: string) => screen.getByRole('link', { name }) as HTMLAnchorElement;

test('a plain click moves in the page to the link\'s address, which is also its href', () => {
  render(atPath('/lobbies', <><Link to="/rules?part=clashes">Rules</Link><ShownAddress /></>));
  expect(link('Rules').getAttribute('href')).toBe('/rules?part=clashes');
  fireEvent.click(link('Rules'));
  expect(shownAddress()).toBe('/rules?part=clashes');
});

test('a click with a modifier key, a middle click and a link to another window stay with the browser', () => {
  // The test's page would follow them (a new window's fetch): stopped after the router had its turn.
  const follow = (event: MouseEvent) => event.preventDefault();
  document.addEventListener('click', follow);
  render(
    atPath(
      '/lobbies',
      <>
        <Link to="/rules">Rules</Link>
        <Link to="/all-cards" target="_blank">Cards</Link>
        <ShownAddress />
      </>,
    ),
  );
  fireEvent.click(link('Rules'), { ctrlKey: true });
  fireEvent.click(link('Rules'), { metaKey: true });
  fireEvent.click(link('Rules'), { shiftKey: true });
  fireEvent.click(link('Rules'), { button: 1 });
  fireEvent.click(link('Cards'));
  expect(shownAddress()).toBe('/lobbies');
  document.removeEventListener('click', follow);
});

test("the link's own click handler runs first, and a cancelled click does not move", () => {
  const seen: string[] = [];
  render(
    atPath(
      '/lobbies',
      <>
        <Link to="/rules" onClick={(event) => { seen.push('rules'); event.preventDefault(); }}>Rules</Link>
        <Link to="/all-cards" onClick={() => seen.push('cards')}>Cards</Link>
        <ShownAddress />
      </>,
    ),
  );
  fireEvent.click(link('Rules'));
  expect(shownAddress()).toBe('/lobbies');
  fireEvent.click(link('Cards'));
  expect(seen).toEqual(['rules', 'cards']);
  expect(shownAddress()).toBe('/all-cards');
});

test('a Mantine button made a link renders an anchor, hands it its ref and moves in the page', () => {
  const ref = createRef<HTMLAnchorElement>();
  render(atPath('/game/7', <><Button component={Link} to="/replay/7" ref={ref}>Watch the replay</Button><ShownAddress /></>));
  expect(ref.current).toBe(link('Watch the replay'));
  expect(ref.current!.getAttribute('href')).toBe('/replay/7');
  fireEvent.click(link('Watch the replay'));
  expect(shownAddress()).toBe('/replay/7');
});

test("the header's link is the current page on its own page only, in any case", () => {
  const header = (path: string) =>
    render(
      atPath(
        path,
        <nav>
          <NavLink to="/">Lobbies</NavLink>
          <NavLink to="/rules">Rules</NavLink>
        </nav>,
      ),
    );
  header('/');
  expect(link('Lobbies').getAttribute('aria-current')).toBe('page');
  expect(link('Rules').hasAttribute('aria-current')).toBe(false);
  cleanup();
  header('/Rules');
  expect(link('Lobbies').hasAttribute('aria-current')).toBe(false);
  expect(link('Rules').getAttribute('aria-current')).toBe('page');
  cleanup();
  header('/rules/clashes');
  expect(link('Rules').hasAttribute('aria-current')).toBe(false);
});
