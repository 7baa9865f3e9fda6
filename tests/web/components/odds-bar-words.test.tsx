/**
 * The odds bar says nobody's chance is none or certain before the game has ended: a spectator of a
 * game on its last clash read "Vera 0%" and "Nia 100%" while Vera, ahead on favor, could still
 * reroll. The numbers the bar is drawn from stay whole percentages summing to 100; at the end the
 * winner's 100% is the result. Before its first answer, the bar says it is working them out:
 * an empty grey bar read as broken.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { OddsBar } from '../../../src/web/odds/odds-bar.js';
import { theme } from '../../../src/web/theme.js';

afterEach(cleanup);

const seats = [
  { userID: 'u_vera', color: '#d9480f', name: 'Vera' },
  { userID: 'u_nia', color: '#1971c2', name: 'Nia' },
];

function bar(shares: Record<string, number> | null, ended: boolean): HTMLElement {
  render(
    <MantineProvider theme={theme}>
      <OddsBar seats={seats} shares={shares} ended={ended} />
    </MantineProvider>,
  );
  return screen.getByTestId('odds-bar');
}

const parts = (el: HTMLElement) => [...el.querySelectorAll('[data-odds-player]')].map((p) => ({ percent: p.getAttribute('data-odds-percent'), title: p.getAttribute('title'), text: p.textContent }));

describe('odds bar words', () => {
  test('a game still running: "<1%" and ">99%", never 0% and 100%', () => {
    const el = bar({ u_vera: 0, u_nia: 1 }, false);
    expect(el.getAttribute('aria-label')).toBe('Chances to win: Vera <1%, Nia >99%');
    expect(parts(el)).toEqual([
      { percent: '0', title: 'Vera: <1%', text: '' },
      { percent: '100', title: 'Nia: >99%', text: '>99%' },
    ]);
    expect(el.textContent).toContain('Vera <1%');
    expect(el.textContent).toContain('Nia >99%');
    expect(el.textContent).not.toMatch(/\b0%|100%/);
  });

  test('a share that rounds to neither end is said as it is', () => {
    const el = bar({ u_vera: 0.35, u_nia: 0.65 }, false);
    expect(el.getAttribute('aria-label')).toBe('Chances to win: Vera 35%, Nia 65%');
  });

  test('at the end the winner has 100%', () => {
    const el = bar({ u_vera: 0, u_nia: 1 }, true);
    expect(el.getAttribute('aria-label')).toBe('Chances to win: Vera 0%, Nia 100%');
    expect(parts(el)[1]!.text).toBe('100%');
  });

  test('before the first answer the empty bar says it is working the chances out (a step of a replay, a game just opened)', () => {
    const el = bar(null, false);
    expect(parts(el)).toEqual([]);
    expect(el.getAttribute('aria-label')).toBe('Chances to win: working out the chances');
    expect(el.textContent).toBe('Chances to winfrom what spectators seeWorking out the chances...');
  });
});
