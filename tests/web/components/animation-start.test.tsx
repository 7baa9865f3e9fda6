/**
 * Steps that come faster than the screen's frames are rendered as one update, and their events are
 * played as one animation plan. A card dealt to the trade row and gained among those steps was
 * never on the page: its flight to the board has no start and is skipped, quietly (it logged "No
 * start card for the purchase animation" in a player's console, for a normal game), while the
 * gains whose cards were on the trade row still fly. The page is the contract's data attributes
 * (model.ts) over real engine states; happy-dom lays nothing out, so boxes and animations are
 * stand-ins.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Game } from '../../../src/engine/index.js';
import { planAnimations } from '../../../src/shared/animation-plan.js';
import { runPlan } from '../../../src/web/game/presentation/animation-runner.js';
import { takeSnapshot } from '../../../src/web/game/presentation/dom-snapshot.js';
import { bidAll, gainAll, startGame, withCounters } from '../../support/scenario.js';

/** The board as the game screen marks it: the rows with their cards, the deck, each player's summary and board. */
function draw(game: Game): void {
  const card = (id: number) => `<div data-card-id="${id}" title="card ${id}"></div>`;
  document.body.innerHTML = `
    <div data-zone="deck"></div>
    <div data-zone="trade-row">${game.tableIDs.map((id) => (id === null ? '' : card(id))).join('')}</div>
    <div data-zone="basic-pile">${game.basicPile.map(card).join('')}</div>
    ${game.players.map((p) => `<div data-player-id="${p.userID}"></div><div data-zone="board" data-player-id="${p.userID}">${p.cardIDs.map(card).join('')}</div>`).join('')}
    <div id="layer"></div>`;
}

const flown = () => [...document.querySelectorAll('#layer [title]')].map((clone) => clone.getAttribute('title'));

beforeEach(() => {
  // Every element stands somewhere (happy-dom gives each an empty box), and animations only finish.
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ left: 10, top: 10, width: 80, height: 110, right: 90, bottom: 120, x: 10, y: 10, toJSON: () => ({}) });
  Element.prototype.animate = function () {
    return { finished: new Promise(() => undefined), cancel: () => undefined } as unknown as Animation;
  };
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('an animation plan over several steps at once', () => {
  test('a card dealt and gained in the same update stands on its board, quietly; the others fly', () => {
    let game = startGame({ players: 2 });
    for (const id of ['ann', 'bob']) game = withCounters(game, id, { gold: 40 });
    // Turn 1's bids: what the screen shows when the fast steps begin.
    const shown = bidAll(game, { ann: [0], bob: [1] });
    // Then, faster than frames: both gain the cards they won, the row is dealt anew, both bid, and
    // Ann gains a card dealt in between.
    const won = { ann: shown.tableIDs[0]!, bob: shown.tableIDs[1]! };
    const turn2 = gainAll(shown, won);
    const dealt = turn2.tableIDs.find((id) => id !== null && !shown.tableIDs.includes(id))!;
    const index = turn2.tableIDs.indexOf(dealt);
    const after = gainAll(bidAll(turn2, { ann: [index], bob: [index === 0 ? 1 : 0] }), { ann: dealt, bob: turn2.tableIDs[index === 0 ? 1 : 0]! });
    const plan = planAnimations(after.events.slice(shown.events.length));
    expect(plan.some((step) => step.kind === 'card-fly' && step.cardID === dealt && step.toPlayerID === 'ann')).toBe(true);

    draw(shown);
    const snapshot = takeSnapshot();
    draw(after);
    const warn = vi.spyOn(console, 'warn');
    runPlan(plan, { layer: document.getElementById('layer')!, snapshot });
    expect(warn).not.toHaveBeenCalled();
    const cards = flown();
    // The two cards won from the row the screen showed fly to their boards; the dealt one does not.
    expect(cards).toEqual(expect.arrayContaining([`card ${won.ann}`, `card ${won.bob}`]));
    expect(cards).not.toContain(`card ${dealt}`);
  });
});
