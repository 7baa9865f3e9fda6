import { it } from 'vitest';
import { startGame } from '../support/scenario.js';
it('probe', () => {
  const g = startGame();
  console.log(g.phase, g.turn, g.tableIDs, g.tributeRow, g.basicPile, g.players.map(p => [p.userID, p.cardIDs, p.counters]));
  console.log(g.events.map(e => e.type).join(' '));
});
