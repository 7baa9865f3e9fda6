/**
 * Games on the wire (wireUpdate): each player's update carries their own decision and whether the
 * game has ended, a spectator's no decision; the card set is left out; an update with only the new
 * events under hideFavor holds exactly the tail of the whole view's log.
 */
import { describe, expect, it } from 'vitest';
import { pendingDecision, viewFor } from '../../src/engine/index.js';
import { wireUpdate } from '../../src/server/services/game-views.js';
import { playToEnd } from '../support/play.js';
import { act, bidOn, gain, startGame } from '../support/scenario.js';

describe('wireUpdate', () => {
  it("carries the player's decision and ended; a spectator's carries no decision", () => {
    const game = act(startGame({ players: 3 }), 'ann', bidOn(0));
    const ann = wireUpdate(game, 'ann');
    expect(ann.game.decision).toEqual({ type: 'WAIT_FOR_OTHERS', canUnbid: true, unbidRefusal: null });
    expect(wireUpdate(game, 'bob').game.decision).toEqual(pendingDecision(game, 'bob'));
    expect(ann.game.ended).toBe(false);
    expect(ann.game).not.toHaveProperty('cardsByID');
    expect(wireUpdate(game, null).game.decision).toBeNull();
    const { game: over } = playToEnd(game, 4);
    expect(wireUpdate(over, 'ann').game).toMatchObject({ ended: true, decision: null, phase: 'TRIBUTE' });
  });

  it('under hideFavor, the new events alone are the tail of the whole log as the viewer sees it', () => {
    let game = act(act(startGame({ options: { hideFavor: true } }), 'ann', bidOn(0)), 'bob', bidOn(0));
    const from = game.events.length;
    game = act(act(game, 'ann', gain(122)), 'bob', gain(122));
    expect(game.events.some((e) => e.type === 'GAIN_TRIBUTES')).toBe(true);
    for (const viewer of ['ann', 'bob', null]) {
      expect(wireUpdate(game, viewer, from).events).toEqual(viewFor(game, viewer).events.slice(from));
    }
  });
});
