import { advance, createGame, type Game } from './src/engine/index.js';
import { GAME_DEFINITIONS } from './src/engine/data.js';
import { Version } from './src/server/delivery/game-versions.js';
import { playToEnd } from './tests/support/play.js';
const start = createGame({ players: ['a','b','c','d'].map((userID) => ({ userID })), options: {}, modules: [], definitions: GAME_DEFINITIONS }, 1000, 1_700_000_000_000);
const states = [advance(start, start.updateTimestamp).game];
playToEnd(states[0]!, 1001, (game) => { if (game.sequenceID > states.at(-1)!.sequenceID) states.push(game); else states[states.length - 1] = game; });
let v: Version | null = null;
let i = 0;
for (const g of states) { const n = new Version(g, 'a', v); const s = JSON.stringify(n.after(v, [])); if (i++ % 15 === 3 && i < 100) console.log(s.length, s.slice(0, 3000), '\n'); v = n; }
console.log(JSON.stringify(states[5]).length);
