/**
 * Where a card's large preview goes: beside the card, inside the window, and never over the game's
 * action panel while there is room elsewhere (a phone docks the panel across the screen's foot);
 * for keyboard focus, on the side the focus came from; for keyboard focus in a row the arrow keys
 * move along, clear of the whole row (the next card and the ones passed), smaller if it must be.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CardPreview, placePreview, sideForFocus } from '../../../src/web/cards/card-preview.js';
import { MIN_PREVIEW_SCALE, placeClearOfRow, type Box } from '../../../src/web/cards/clear-of-row.js';

const rect = (left: number, top: number, width: number, height: number) => new DOMRect(left, top, width, height);
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

describe('a card preview’s place', () => {
  test('right of the card when it fits, else left', () => {
    expect(placePreview(rect(100, 300, 140, 196), 350, 490, DESKTOP)).toEqual({ left: 252, top: 153 });
    expect(placePreview(rect(1000, 300, 140, 196), 350, 490, DESKTOP)).toEqual({ left: 638, top: 153 });
  });

  test('the side that would cover the panel is passed over while the other is free', () => {
    const panel = rect(900, 100, 360, 600);
    expect(placePreview(rect(600, 300, 140, 196), 350, 490, DESKTOP, [panel])).toEqual({ left: 238, top: 153 });
  });

  test('on a phone, a row card’s preview goes up above the docked panel', () => {
    // A 74 px card in the row, the panel docked over the last 300 px of the screen.
    const dock = rect(0, 512, 375, 300);
    // Beside the card it would end 70 px into the panel: it ends 12 px above it instead.
    expect(placePreview(rect(20, 400, 74, 104), 185, 259, PHONE, [dock])).toEqual({ left: 106, top: 241 });
    // Taller (the card's sentences under it, measured once drawn): higher still.
    expect(placePreview(rect(20, 400, 74, 104), 185, 320, PHONE, [dock])).toEqual({ left: 106, top: 180 });
  });

  test('with no room above what it would cover, it stays where it was (covering, as before)', () => {
    const dock = rect(0, 200, 375, 612);
    expect(placePreview(rect(20, 400, 74, 104), 185, 259, PHONE, [dock])).toEqual({ left: 106, top: 322.5 });
  });

  test('asked for the left side first: left of the card when it fits, else right, else pushed inside the window', () => {
    expect(placePreview(rect(600, 300, 140, 196), 350, 490, DESKTOP, [], 'left')).toEqual({ left: 238, top: 153 });
    expect(placePreview(rect(100, 300, 140, 196), 350, 490, DESKTOP, [], 'left')).toEqual({ left: 252, top: 153 });
    // Neither side fits (a 500 px window): the left, from the window's edge.
    expect(placePreview(rect(150, 300, 140, 196), 350, 490, { width: 500, height: 800 }, [], 'left')).toEqual({ left: 12, top: 153 });
    // Left would cover the panel and right is free: right.
    const panel = rect(0, 100, 500, 600);
    expect(placePreview(rect(600, 300, 140, 196), 350, 490, DESKTOP, [panel], 'left')).toEqual({ left: 752, top: 153 });
  });

  test('keyboard focus moving right along a row puts the preview on the left, over the cards passed', () => {
    // The first card focused, or focus moving left: on the right, as with the pointer.
    expect(sideForFocus(null, 300)).toBe('right');
    expect(sideForFocus(460, 300)).toBe('right');
    expect(sideForFocus(140, 300)).toBe('left');
    // Arrowing from the card at 440 to the one at 600 on a desktop: the next card (at 760) stays clear.
    const placed = placePreview(rect(600, 300, 140, 196), 350, 490, DESKTOP, [], sideForFocus(440, 600))!;
    expect(placed.left + 350).toBeLessThanOrEqual(600);
  });

  test('too large for the window: no preview', () => {
    expect(placePreview(rect(20, 260, 74, 104), 360, 259, PHONE)).toBeNull();
  });
});

describe('a keyboard-focused row card’s preview, clear of the row', () => {
  /** `count` cards `width` wide, 12 px apart, from `left`, their tops at `top`. */
  const cardsOf = (count: number, left: number, top: number, width: number): Box[] =>
    Array.from({ length: count }, (_, i) => ({ left: left + i * (width + 12), top, right: left + i * (width + 12) + width, bottom: top + width * 1.4 }));
  const box = (p: { left: number; top: number; scale: number }, width: number, height: number): Box => ({ left: p.left, top: p.top, right: p.left + width * p.scale, bottom: p.top + height * p.scale });
  const overlaps = (a: Box, b: Box) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

  test('a 1280x800 window: beside the row on the side the focus came from, as large as it fits', () => {
    // Three 120 px cards from x = 300 (the column of players on their left), the panel beside
    // them from x = 980: a 300 x 540 preview fits whole nowhere, at 0.9 left and right of the row.
    const row = cardsOf(3, 300, 215, 120);
    const panel = { left: 980, top: 200, right: 1260, bottom: 420 };
    const arrowingRight = placeClearOfRow(row[1]!, row, 300, 540, DESKTOP, [panel], 'left')!;
    expect(arrowingRight).toEqual({ left: 18, top: 56, scale: 0.9 });
    const arrowingLeft = placeClearOfRow(row[1]!, row, 300, 540, DESKTOP, [panel], 'right')!;
    expect(arrowingLeft).toEqual({ left: 696, top: 56, scale: 0.9 });
    for (const placed of [arrowingRight, arrowingLeft]) {
      for (const card of [...row, panel]) expect(overlaps(box(placed, 300, 540), card)).toBe(false);
    }
  });

  test('room beside the row’s last card: there, whole, as near to it as beside it', () => {
    const row = cardsOf(3, 300, 215, 120);
    expect(placeClearOfRow(row[2]!, row, 300, 540, { width: 1920, height: 1080 }, [], 'right')).toEqual({ left: 696, top: 29, scale: 1 });
  });

  test('a phone: above the row, centred on the card, clear of the panel docked under the row', () => {
    // Three 96 px cards across a 375 px screen: no room beside the row, none below it.
    const row = cardsOf(3, 20, 460, 96);
    const dock = { left: 0, top: 610, right: 375, bottom: 812 };
    const placed = placeClearOfRow(row[1]!, row, 240, 445, PHONE, [dock], 'left')!;
    expect(placed).toEqual({ left: 62, top: 25.25, scale: 0.95 });
    for (const card of [...row, dock]) expect(overlaps(box(placed, 240, 445), card)).toBe(false);
  });

  test(`no place holds it at ${MIN_PREVIEW_SCALE} of its size: none (the preview goes beside the card, as for the pointer)`, () => {
    const row = cardsOf(3, 20, 250, 96);
    const dock = { left: 0, top: 420, right: 375, bottom: 812 };
    expect(placeClearOfRow(row[1]!, row, 240, 445, PHONE, [dock], 'left')).toBeNull();
  });
});

describe('a card preview shown', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  /** The page's screen: one whose main pointer can hover (a desktop's mouse), or not (a phone). */
  const screenThat = (hovers: boolean) => vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(hover: hover)' && hovers, media: query }));

  const twoCards = () =>
    render(
      <>
        {['Ember', 'Frost'].map((name) => (
          <CardPreview key={name} name={name} render={() => <b>{name} large</b>}>
            <i>{name}</i>
          </CardPreview>
        ))}
      </>,
    );

  const mouseOn = (name: string) => fireEvent.pointerEnter(screen.getByText(name).parentElement!, { pointerType: 'mouse' });

  test('one at a time: a second card’s puts the first one’s away', () => {
    screenThat(true);
    twoCards();
    mouseOn('Ember');
    expect(screen.getAllByTestId('card-preview').map((e) => e.textContent)).toEqual(['Ember large']);
    // The pointer reaching the second card before the first one's leave was seen (or the focus
    // on one, the pointer on the other): still the one preview, the newest.
    mouseOn('Frost');
    expect(screen.getAllByTestId('card-preview').map((e) => e.textContent)).toEqual(['Frost large']);
    fireEvent.pointerLeave(screen.getByText('Frost').parentElement!);
    expect(screen.queryAllByTestId('card-preview')).toEqual([]);
  });

  test('a keyboard-focused card that stops being pickable takes its preview with it', () => {
    // A card that stops being pickable loses the focus while React writes the change to the page
    // (Chromium blurs a card the moment its tabindex goes), and React passes on no blur from that
    // moment. Here the focused card is replaced as React writes: no blur reaches React either.
    const Card = ({ pickable }: { pickable: boolean }) => (
      <CardPreview name="Ember" render={() => <b>Ember large</b>}>
        {pickable ? (
          <span role="button" tabIndex={0}>
            Ember
          </span>
        ) : (
          <i role="img" aria-label="Ember">
            Ember
          </i>
        )}
      </CardPreview>
    );
    const { rerender } = render(<Card pickable />);
    act(() => screen.getByRole('button', { name: 'Ember' }).focus());
    expect(screen.getAllByTestId('card-preview').map((e) => e.textContent)).toEqual(['Ember large']);
    // A clash's dice start to roll: nothing on the row can be picked, and nothing is focused.
    rerender(<Card pickable={false} />);
    expect(document.activeElement).toBe(document.body);
    expect(screen.queryAllByTestId('card-preview')).toEqual([]);
  });

  test('a "mouse" arriving on a screen that cannot hover (a phone scrolled under its last tap) shows nothing', () => {
    screenThat(false);
    twoCards();
    mouseOn('Ember');
    expect(screen.queryAllByTestId('card-preview')).toEqual([]);
  });
});
