/**
 * Playing by keyboard, rendered by React into happy-dom with a real engine game's views: the
 * trade row and the basic piles as one Tab stop each, the arrow keys moving between their cards
 * and Enter or Space picking one (a card out of reach asking first, the focus back on it after),
 * and on the card chosen going on to the bid or Submit, Enter on the bid sending it; the skip link to the move; the focus after
 * Submit and Undo (on the action panel, never the page's body), on to the trade row when the next
 * turn begins; and Submit and Undo waiting, with their reason, while the page reconnects. The
 * table and the panel are put together as the game
 * screen does (game-screen.tsx), the game moved on by the engine as the server would.
 */
import { useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import { MantineProvider } from '@mantine/core';
import { act as reactAct, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import type { Action, Game } from '../../../src/engine/index.js';
import { baseGold } from '../../../src/engine/effects.js';
import { SkipLinks } from '../../../src/web/components/skip-links.js';
import { ActionPanel, NOT_LIVE_MESSAGE, RECONNECTING_MESSAGE } from '../../../src/web/game/action-panel.js';
import { decisionOf, playerOf, unaffordableReason } from '../../../src/web/game/derive.js';
import type { GameScreenState } from '../../../src/web/game/model.js';
import { BasicPiles, TradeRow, type PickableProps } from '../../../src/web/game/table.js';
import { useChoice } from '../../../src/web/game/use-choice.js';
import type { ActOutcome } from '../../../src/web/game/use-game-state.js';
import { theme } from '../../../src/web/theme.js';
import { ANN, BOB, act, newGame, screenState } from '../support/screen-state.js';

/** What a test does to the game from outside the page: another seat's move (made from the game as it stands), as the server brings it. */
type Play = (userID: string, action: (game: Game) => Action) => void;

/**
 * Ann's table and action panel, as the game screen lays them out (the table, then the panel), with
 * a button before them to Tab from. `send` is the page's `act`: by default the engine plays Ann's
 * action, as the server would.
 */
function Table({ initial, connected = true, refused = false, play, roll, send }: { initial: Game; connected?: boolean; refused?: boolean; play: RefObject<Play | null>; roll?: RefObject<((rolling: boolean) => void) | null>; send?: (action: Action) => Promise<ActOutcome> }) {
  const [game, setGame] = useState(initial);
  // A clash's dice rolling on screen (the game screen's `awaiting`): nothing can be picked meanwhile.
  const [awaiting, setAwaiting] = useState(false);
  useLayoutEffect(() => {
    play.current = (userID, action) => setGame((g) => act(g, userID, action(g)));
    if (roll) roll.current = setAwaiting;
  }, [play, roll]);
  const state = useMemo(() => screenState(game), [game]);
  const decision = decisionOf(state);
  const choice = useChoice(state, decision);
  const ready = state.game.readyByUserID[ANN] ?? false;
  // As the game screen's pickableOf.
  const pickable: PickableProps = {
    state,
    me: playerOf(state, ANN),
    selectedCardID: choice.selection.cardID,
    pickableTradeRow: (index) => {
      if (ready || !decision || awaiting) return false;
      if (decision.type === 'BID') return decision.tradeRowIndexes.includes(index);
      if (decision.type === 'RESOLVE') return decision.choices.some((c) => c.cardID === state.game.tableIDs[index]);
      return false;
    },
    pickableBasic: !ready && !awaiting && decision?.type === 'RESOLVE',
    onPick: choice.pick,
    cardWidth: 120,
  };
  const played = async (action: Action): Promise<ActOutcome> => {
    setGame((g) => act(g, ANN, action));
    return { ok: true };
  };
  return (
    <MantineProvider theme={theme}>
      <button type="button">before</button>
      <TradeRow {...pickable} />
      <BasicPiles {...pickable} />
      <ActionPanel state={state} decision={decision} choice={choice} act={send ?? played} awaiting={awaiting} connected={connected} refused={refused} />
    </MantineProvider>
  );
}

/** The trade row's indexes of the cards Ann can pay for now (one she cannot asks her to confirm first). */
function affordable(game: Game): number[] {
  const state = screenState(game);
  const me = playerOf(state, ANN)!;
  return state.game.tableIDs.flatMap((id, index) => (id !== null && unaffordableReason(state, me, id) === null ? [index] : []));
}

/** Two trade row indexes whose cards Ann can pay for (the first hers to bid on, the second for Bob, so that no clash comes). */
function twoAffordable(game: Game): [number, number] {
  const [first, second] = affordable(game);
  if (first === undefined || second === undefined) throw new Error('Ann can pay for fewer than two cards of the row');
  return [first, second];
}

/** The card `userID` gains: the one won if they can pay for it, else the first basic card they can. */
function gainFor(game: Game, userID: string): number {
  const decision = decisionOf(screenState(game, userID));
  if (decision?.type !== 'RESOLVE') throw new Error(`expected a gain, got ${decision?.type}`);
  const choice = decision.choices.find((c) => c.affordable);
  if (!choice) throw new Error('nothing to gain');
  return choice.cardID;
}

const row = () => screen.getByRole('region', { name: 'Trade row' });
const rowCards = () => within(row()).getAllByRole('button', { name: /trade row card/ });
const panel = () => screen.getByRole('region', { name: 'Action panel' });
const submit = () => within(panel()).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
/** Whether Tab stops at the element: a card out of the Tab order is still focusable, by the arrows. */
const tabStop = (element: Element) => (element as HTMLElement).tabIndex >= 0;

/** Ann picks the trade row's card at `index` and presses Submit, by keyboard (her bid of 0 goes). */
async function bidByKeyboard(user: ReturnType<typeof userEvent.setup>, index: number): Promise<void> {
  rowCards()[index]!.focus();
  await user.keyboard('{Enter}');
  submit().focus();
  await user.keyboard('{Enter}');
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('the trade row by keyboard', () => {
  test('is one Tab stop, its cards still buttons by name; the arrows, Home and End move along it', async () => {
    const user = userEvent.setup();
    const game = newGame();
    render(<Table initial={game} play={{ current: null }} />);
    const cards = rowCards();
    expect(cards).toHaveLength(game.tableIDs.length);
    expect(cards.length).toBeGreaterThanOrEqual(3);
    cards.forEach((card, i) => expect(card.getAttribute('aria-label') ?? card.textContent).toContain(`trade row card ${i + 1}`));
    // The row says what it is: a toolbar, the one Tab stop among its cards.
    const toolbar = within(row()).getByRole('toolbar', { name: 'Trade row cards' });
    expect(cards.every((card) => toolbar.contains(card))).toBe(true);
    expect(cards.filter(tabStop)).toEqual([cards[0]]);
    // Nothing else in the row is a Tab stop (its scrolling strip neither: a focused card scrolls into view).
    expect([...row().querySelectorAll('*')].filter(tabStop)).toEqual([cards[0]]);

    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(cards[0]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(cards[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(cards.at(-1));
    // The ends stop the arrows.
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(cards.at(-1));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(cards[0]);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(cards[0]);
    await user.keyboard('{ArrowRight}');
    // The Tab stop moved with the focus: one Tab out of the row (past the basic piles, pictures
    // while a bid is made) reaches the panel's bid, and Shift+Tab comes back to the same card.
    expect(rowCards().filter(tabStop)).toEqual([cards[1]]);
    await user.tab();
    expect(document.activeElement).toBe(within(panel()).getByRole('textbox', { name: 'Military bid' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(cards[1]);
    // A key held with Alt is the browser's (Alt+Left: back), not the row's.
    await user.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    expect(document.activeElement).toBe(cards[1]);
  });

  test('Enter and Space pick the focused card as a click does; Tab comes back to the card picked', async () => {
    const user = userEvent.setup();
    const game = newGame();
    const [first, second] = twoAffordable(game);
    render(<Table initial={game} play={{ current: null }} />);
    const name = (index: number) => screenState(game).cardsByID[game.tableIDs[index]!]!.name;
    const cards = rowCards();
    cards[first]!.focus();
    await user.keyboard('{Enter}');
    within(panel()).getByText(name(first));
    expect(cards[first]!.closest('[data-selected]')).not.toBeNull();
    for (let i = first; i < second; i++) await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');
    within(panel()).getByText(name(second));
    expect(cards[first]!.closest('[data-selected]')).toBeNull();
    expect(cards[second]!.closest('[data-selected]')).not.toBeNull();
    // Out of the row and back: the card picked is where Tab lands.
    await user.tab();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(cards[second]);
    // A click still picks, and moves the row's Tab stop to the card clicked.
    await user.click(cards[first]!);
    within(panel()).getByText(name(first));
    expect(rowCards().filter(tabStop)).toEqual([cards[first]]);
  });

  test('Enter again on the card chosen goes on to the bid, and in a gain to Submit', async () => {
    const user = userEvent.setup();
    const game = newGame();
    const [mine, bobs] = twoAffordable(game);
    const play: RefObject<Play | null> = { current: null };
    render(<Table initial={game} play={play} />);
    rowCards()[mine]!.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(rowCards()[mine]);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(within(panel()).getByRole('textbox', { name: 'Military bid' }));
    // Picked again, the card is still the one chosen: Enter on it changed nothing but the focus.
    within(panel()).getByText(screenState(game).cardsByID[game.tableIDs[mine]!]!.name);
    submit().focus();
    await user.keyboard('{Enter}');
    reactAct(() => play.current!(BOB, () => ({ type: 'BID', bid: { military: 0, tradeRowIndex: bobs } })));
    // The card Ann won, the row's one card to pick now, is chosen for her: Space on it goes to Submit.
    expect(rowCards()).toHaveLength(1);
    rowCards()[0]!.focus();
    await user.keyboard(' ');
    expect(document.activeElement).toBe(submit());
  });

  test('Enter in the bid box sends the bid typed, as Submit does, and on the slider too; nothing before a card is chosen', async () => {
    const user = userEvent.setup();
    const game = newGame();
    const [mine] = twoAffordable(game);
    const decision = decisionOf(screenState(game));
    // (Ann can bid more than the least: what she types or slides to is not the bid she would send untouched.)
    if (decision?.type !== 'BID' || decision.maxMilitary <= decision.minMilitary) throw new Error('Ann has too little military to bid more than the least');
    const sent: Action[] = [];
    const send = async (action: Action): Promise<ActOutcome> => {
      sent.push(action);
      return { ok: true };
    };
    const { unmount } = render(<Table initial={game} play={{ current: null }} send={send} />);
    const box = () => within(panel()).getByRole('textbox', { name: 'Military bid' });
    // No card chosen: Enter in the box sends nothing (Submit says why).
    box().focus();
    await user.keyboard('{Enter}');
    expect(sent).toEqual([]);
    expect(within(panel()).getByTestId('submit-reason').textContent).toBe('You must select a card to draft');
    // The card, Enter again to the box, a bid typed and Enter: the bid goes, as Submit would send it.
    rowCards()[mine]!.focus();
    await user.keyboard('{Enter}{Enter}');
    expect(document.activeElement).toBe(box());
    const typed = decision.minMilitary + 1;
    // What the box held is chosen as it is reached: the number typed replaces it (not "01").
    await user.keyboard(String(typed));
    expect((box() as HTMLInputElement).value).toBe(String(typed));
    await user.keyboard('{Enter}');
    expect(sent).toEqual([{ type: 'BID', bid: { military: typed, tradeRowIndex: mine } }]);
    // The panel keeps the focus, as after Submit.
    expect(document.activeElement).toBe(panel());
    unmount();
    // The slider moved to the most (the bid starts at the least; happy-dom has no range keys), then Enter.
    sent.length = 0;
    render(<Table initial={game} play={{ current: null }} send={send} />);
    rowCards()[mine]!.focus();
    await user.keyboard('{Enter}');
    const slider = within(panel()).getByRole('slider', { name: 'Military bid slider' });
    slider.focus();
    fireEvent.change(slider, { target: { value: String(decision.maxMilitary) } });
    await user.keyboard('{Enter}');
    expect(sent).toEqual([{ type: 'BID', bid: { military: decision.maxMilitary, tradeRowIndex: mine } }]);
  });

  /** Ann presses Enter on a row card she cannot pay for: the question it opens, and the card's name and index. */
  async function askAboutCardOutOfReach(user: ReturnType<typeof userEvent.setup>) {
    const game = newGame();
    const state = screenState(game);
    const out = state.game.tableIDs.findIndex((id) => id !== null && unaffordableReason(state, playerOf(state, ANN)!, id) !== null);
    if (out < 0) throw new Error('every card of the row is within Ann’s means: no question to ask');
    render(<Table initial={game} play={{ current: null }} />);
    rowCards()[out]!.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your selection' });
    return { dialog, out, name: state.cardsByID[state.game.tableIDs[out]!]!.name, state };
  }

  test('the question names the card, what it costs her and what she has, and what winning it comes to', async () => {
    const user = userEvent.setup();
    const { dialog, out, name, state } = await askAboutCardOutOfReach(user);
    const ann = playerOf(state, ANN)!;
    const card = state.cardsByID[state.game.tableIDs[out]!]!;
    const base = baseGold(state, ann);
    const pay = Math.max(0, card.cost - base);
    expect(pay).toBeGreaterThan(ann.counters.gold);
    within(dialog).getByText('Not enough gold');
    const cost = base > 0 ? `${pay} gold (its cost ${card.cost}, less your base gold ${base})` : `${pay} gold`;
    expect(within(dialog).getByTestId('confirm-sums').textContent).toBe(`${name} costs you ${cost}, and you have ${ann.counters.gold}.`);
    within(dialog).getByText('If you win it and cannot pay for it then, you take a basic card instead, and it stays on the trade row.');
    within(dialog).getByText('Press OK to confirm your selection, or Cancel to choose another card.');
  });

  test('a card Ann cannot pay for asks her first; dismissed, the question gives the focus back to the card', async () => {
    const user = userEvent.setup();
    const { dialog, out } = await askAboutCardOutOfReach(user);
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(rowCards()[out]);
  });

  test('the question opens on OK: Enter takes the card Ann cannot pay for', async () => {
    const user = userEvent.setup();
    const { dialog, name } = await askAboutCardOutOfReach(user);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'OK' })));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    within(panel()).getByText(name);
  });

  test('a row with nothing to pick is pictures, and its strip is the Tab stop that scrolls it', async () => {
    const user = userEvent.setup();
    const game = newGame();
    render(<Table initial={game} play={{ current: null }} />);
    rowCards()[affordable(game)[0]!]!.focus();
    await user.keyboard('{Enter}');
    submit().focus();
    await user.keyboard('{Enter}');
    // Ann's bid is in: the row's cards are pictures again.
    within(panel()).getByText('Waiting for other players...');
    expect(within(row()).queryAllByRole('button')).toEqual([]);
    expect(within(row()).queryByRole('toolbar')).toBeNull();
    expect([...row().querySelectorAll('*')].filter(tabStop)).toHaveLength(1);
  });
});

describe('the focus after Submit and Undo', () => {
  test('stays on the action panel, never the page; the next turn starts at the trade row', async () => {
    const user = userEvent.setup();
    const game = newGame();
    const [mine, bobs] = twoAffordable(game);
    const play: RefObject<Play | null> = { current: null };
    render(<Table initial={game} play={play} />);
    await bidByKeyboard(user, mine);
    // The bid went: Submit with it, the focus on the panel that says what comes next.
    within(panel()).getByText('Waiting for other players...');
    expect(document.activeElement).toBe(panel());

    // Undo, by keyboard: the bid form is back, the focus still on the panel, Tab into the form.
    within(panel()).getByRole('button', { name: 'Undo' }).focus();
    await user.keyboard('{Enter}');
    expect(within(panel()).queryByText('Waiting for other players...')).toBeNull();
    expect(document.activeElement).toBe(panel());
    await user.tab();
    expect(document.activeElement).toBe(within(panel()).getByRole('textbox', { name: 'Military bid' }));

    // Bid again, and Bob bids on another card: no clash, each gains the card bid on.
    submit().focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(panel());
    reactAct(() => play.current!(BOB, () => ({ type: 'BID', bid: { military: 0, tradeRowIndex: bobs } })));
    // The card Ann won is chosen already: the panel's Submit is what she needs, a Tab away.
    expect(document.activeElement).toBe(panel());
    await user.tab();
    expect(document.activeElement).toBe(submit());
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(panel());
    reactAct(() => play.current!(BOB, (g) => ({ type: 'RESOLVE', resolve: { cardIDToGain: gainFor(g, BOB) } })));
    // The next turn: the focus resting on the panel goes on to the trade row's card.
    within(panel()).getByText('Choose a card on the trade row and your bid.');
    expect(document.activeElement).toBe(rowCards().find(tabStop));
  });

  test('a skip link after the site\'s own goes to the move: the trade row\'s card, else the panel\'s Submit; none while Ann waits', async () => {
    const user = userEvent.setup();
    const game = newGame();
    const [mine, bobs] = twoAffordable(game);
    const play: RefObject<Play | null> = { current: null };
    render(
      <SkipLinks>
        <Table initial={game} play={play} />
      </SkipLinks>,
    );
    const skip = () => screen.queryByRole('link', { name: 'Skip to your move' });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Skip to content' }));
    await user.tab();
    expect(document.activeElement).toBe(skip());
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(rowCards().find(tabStop));

    await bidByKeyboard(user, mine);
    within(panel()).getByText('Waiting for other players...');
    expect(skip()).toBeNull();
    // The card Ann won is chosen already: the link goes to the panel's Submit.
    reactAct(() => play.current!(BOB, () => ({ type: 'BID', bid: { military: 0, tradeRowIndex: bobs } })));
    skip()!.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(submit());
  });

  test("dice that start to roll just after the next turn came take the focus with the cards; it comes back when they stop", async () => {
    const user = userEvent.setup();
    const game = newGame();
    const [mine, bobs] = twoAffordable(game);
    const play: RefObject<Play | null> = { current: null };
    const roll: RefObject<((rolling: boolean) => void) | null> = { current: null };
    render(<Table initial={game} play={play} roll={roll} />);
    await bidByKeyboard(user, mine);
    reactAct(() => play.current!(BOB, () => ({ type: 'BID', bid: { military: 0, tradeRowIndex: bobs } })));
    await user.tab();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(panel());
    reactAct(() => play.current!(BOB, (g) => ({ type: 'RESOLVE', resolve: { cardIDToGain: gainFor(g, BOB) } })));
    expect(document.activeElement).toBe(rowCards().find(tabStop));
    // The dice start a moment after the step (the screen's animations begin once it is drawn): the
    // cards are pictures while they roll, and Chromium takes the focus from a card that can no
    // longer have it (happy-dom does not, so the test does).
    reactAct(() => roll.current!(true));
    expect(within(row()).queryAllByRole('button')).toEqual([]);
    (document.activeElement as HTMLElement).blur();
    reactAct(() => roll.current!(false));
    expect(document.activeElement).toBe(rowCards().find(tabStop));
  });

  test("a bot's bid as Ann's time ran out takes away the Submit she was on: the focus stays on the panel, and her next Submit is a Tab away", async () => {
    const user = userEvent.setup();
    const game = newGame();
    const [mine, bobs] = twoAffordable(game);
    const play: RefObject<Play | null> = { current: null };
    render(<Table initial={game} play={play} />);
    // Ann chooses her card and rests on Submit, and lets her clock run out.
    rowCards()[mine]!.focus();
    await user.keyboard('{Enter}');
    submit().focus();
    // The stand-in bids for her, a step from the server as any other: her form goes, and the focus
    // stays on the panel, which says what comes next. It fell to the page's body, where the next
    // key went nowhere and the next Tab past the panel.
    reactAct(() => play.current!(ANN, () => ({ type: 'BID', bid: { military: 0, tradeRowIndex: mine } })));
    within(panel()).getByText('Waiting for other players...');
    expect(document.activeElement).toBe(panel());
    // Bob bids elsewhere: Ann won her card, chosen for her, and her Submit is the panel's first stop.
    reactAct(() => play.current!(BOB, () => ({ type: 'BID', bid: { military: 0, tradeRowIndex: bobs } })));
    expect(document.activeElement).toBe(panel());
    await user.tab();
    expect(document.activeElement).toBe(submit());
    await user.keyboard('{Enter}');
    within(panel()).getByText('Waiting for other players...');
  });

  test("the dice's Skip, pressed by keyboard, takes the focus with it: it comes back to the panel's Submit for the card Ann won", async () => {
    const user = userEvent.setup();
    const game = newGame();
    const [mine, bobs] = twoAffordable(game);
    const play: RefObject<Play | null> = { current: null };
    const roll: RefObject<((rolling: boolean) => void) | null> = { current: null };
    render(<Table initial={game} play={play} roll={roll} />);
    await bidByKeyboard(user, mine);
    expect(document.activeElement).toBe(panel());
    // The step comes with the focus on the panel, and a clash's dice roll over the board.
    reactAct(() => play.current!(BOB, () => ({ type: 'BID', bid: { military: 0, tradeRowIndex: bobs } })));
    reactAct(() => roll.current!(true));
    // Ann Tabs on to the dice's Skip (a button elsewhere on the page: here 'before') and presses it:
    // the button goes with the dice, and the focus with it.
    screen.getByRole('button', { name: 'before' }).focus();
    (document.activeElement as HTMLElement).blur();
    reactAct(() => roll.current!(false));
    expect(document.activeElement).toBe(submit());
  });
});

describe('while the page reconnects', () => {
  test('Submit waits with its reason, and goes once the connection is back', async () => {
    const user = userEvent.setup();
    const game = newGame();
    const sent: Action[] = [];
    const send = async (action: Action): Promise<ActOutcome> => (sent.push(action), { ok: true });
    const play = { current: null };
    const { rerender } = render(<Table initial={game} connected={false} play={play} send={send} />);
    // A reason the player can act on comes first: the card to choose.
    expect(submit().disabled).toBe(true);
    expect(screen.getByTestId('submit-reason').textContent).toBe('You must select a card to draft');
    // Said quietly: at a turn's start, before the player did anything, red read as an error.
    expect(screen.getByTestId('submit-reason').style.color).toBe('var(--mantine-color-dimmed)');
    rowCards()[affordable(game)[0]!]!.focus();
    await user.keyboard('{Enter}');
    expect(submit().disabled).toBe(true);
    const reason = screen.getByTestId('submit-reason');
    expect(reason.textContent).toBe(RECONNECTING_MESSAGE);
    expect(reason.style.color).toBe('var(--mantine-color-red-3)');
    expect(submit().getAttribute('aria-describedby')).toBe(reason.id);
    // Pressed anyway (it takes no pointer while disabled): nothing goes.
    fireEvent.click(submit());
    expect(sent).toEqual([]);
    rerender(<Table initial={game} connected play={play} send={send} />);
    expect(submit().disabled).toBe(false);
    expect(screen.queryByTestId('submit-reason')).toBeNull();
    await user.click(submit());
    expect(sent).toHaveLength(1);
  });

  test('Undo waits too, and says why', async () => {
    const user = userEvent.setup();
    const game = newGame();
    const play: RefObject<Play | null> = { current: null };
    const { rerender } = render(<Table initial={game} play={play} />);
    rowCards()[affordable(game)[0]!]!.focus();
    await user.keyboard('{Enter}');
    await user.click(submit());
    rerender(<Table initial={game} connected={false} play={play} />);
    const undo = within(panel()).getByRole('button', { name: 'Undo' }) as HTMLButtonElement;
    expect(undo.disabled).toBe(true);
    expect(within(panel()).getByTestId('undo-reason').textContent).toBe(RECONNECTING_MESSAGE);
    // The server refusing the game's page (its words in the notice above): the reason says that, not a connection to wait for.
    rerender(<Table initial={game} connected={false} refused play={play} />);
    expect(undo.disabled).toBe(true);
    expect(within(panel()).getByTestId('undo-reason').textContent).toBe(NOT_LIVE_MESSAGE);
    rerender(<Table initial={game} connected play={play} />);
    expect(undo.disabled).toBe(false);
    expect(within(panel()).queryByTestId('undo-reason')).toBeNull();
  });
});

describe('the basic piles by keyboard', () => {
  test('are one Tab stop when a card can be gained, the arrows moving along them', async () => {
    const user = userEvent.setup();
    let game = newGame();
    const [mine, bobs] = twoAffordable(game);
    game = act(game, ANN, { type: 'BID', bid: { military: 0, tradeRowIndex: mine } });
    game = act(game, BOB, { type: 'BID', bid: { military: 0, tradeRowIndex: bobs } });
    const state: GameScreenState = screenState(game);
    expect(decisionOf(state)?.type).toBe('RESOLVE');
    render(<Table initial={game} play={{ current: null }} />);
    const piles = screen.getByRole('region', { name: 'Basic piles' });
    within(piles).getByRole('toolbar', { name: 'Basic cards' });
    const cards = within(piles).getAllByRole('button', { name: /basic card/ });
    expect(cards).toHaveLength(state.game.basicPile.length);
    expect(cards.filter(tabStop)).toEqual([cards[0]]);
    cards[0]!.focus();
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(cards.at(-1));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(cards.at(-2));
    expect(cards.filter(tabStop)).toEqual([cards.at(-2)]);
  });

  test('are where the skip link goes when the card Ann won is out of her reach (the panel could only wait)', async () => {
    const user = userEvent.setup();
    let game = newGame();
    const state = screenState(game);
    const out = state.game.tableIDs.findIndex((id) => id !== null && unaffordableReason(state, playerOf(state, ANN)!, id) !== null);
    const bobs = affordable(game).find((index) => index !== out);
    if (out < 0 || bobs === undefined) throw new Error('the row lacks a card out of Ann’s reach and another for Bob');
    game = act(game, ANN, { type: 'BID', bid: { military: 0, tradeRowIndex: out } });
    game = act(game, BOB, { type: 'BID', bid: { military: 0, tradeRowIndex: bobs } });
    render(
      <SkipLinks>
        <Table initial={game} play={{ current: null }} />
      </SkipLinks>,
    );
    within(panel()).getByText(/but cannot pay for it/);
    expect(submit().disabled).toBe(true);
    screen.getByRole('link', { name: 'Skip to your move' }).focus();
    await user.keyboard('{Enter}');
    const piles = screen.getByRole('region', { name: 'Basic piles' });
    expect(within(piles).getAllByRole('button', { name: /basic card/ }).find(tabStop)).toBe(document.activeElement);
  });
});
