#!/usr/bin/env node
// A whole game against a bot, from outside, with nothing but fetch and a websocket (the `ws`
// package): sign in as a guest, make a lobby, give a value for the dice, add a bot, start, then
// watch the game on /channel and answer each `decision` the server puts in our view with REST
// add_action, until `ended`.
// docs/protocol.md explains every call and field used here.
//
//   node examples/client/play-a-game.mjs [http://localhost:3000] [name] [bot]
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';

const base = process.argv[2] ?? 'http://localhost:3000';
const name = process.argv[3] ?? 'Visitor';
const bot = process.argv[4] ?? 'easy_bot';

/** A JSON call with our session cookie; a refusal is thrown with the server's message. */
async function call(cookie, method, path, body) {
  const headers = { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await response.json();
  if (response.ok && json.ok !== false) return json;
  throw Object.assign(new Error(`${method} ${path}: ${json.error ?? response.status}`), { code: json.code });
}

// 1. A guest session: the cookie for HTTP, a JWT for the websocket.
const login = await fetch(`${base}/auth/guest`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: name, password: 'guest', redirect: '/' }),
  redirect: 'manual',
});
if (login.status !== 303) throw new Error(`guest login refused: ${await login.text()}`);
const cookie = login.headers.get('set-cookie').split(';')[0];
// The header says this is a client's own request (a tag on another web page cannot send one).
const { jwt } = await (await fetch(`${base}/auth/jwt`, { headers: { cookie, 'x-mythos-client': 'example' } })).json();
const me = (await call(cookie, 'POST', '/api/graphql', { query: '{ me { id name } }' })).data.me;
console.log(`signed in as ${me.name} (${me.id})`);

// 2. A lobby; our value for the dice, given once the server has committed to its secret (create
//    answers the commitment), so the server cannot choose the dice; a bot; the start.
const { id: lobbyID, serverSecretCommitment } = await call(cookie, 'POST', '/api/lobby/create');
const value = randomBytes(16).toString('hex');
await call(cookie, 'POST', `/api/lobby/${lobbyID}/contribute`, { value });
console.log(`lobby ${lobbyID}: the server's commitment ${serverSecretCommitment}, our value ${value}`);
await call(cookie, 'POST', `/api/lobby/${lobbyID}/add_bot`, { bot_name: bot });
const { gameID } = await call(cookie, 'POST', `/api/lobby/${lobbyID}/start`);
console.log(`game ${gameID} started against ${bot}`);

/** The simplest sound answer to a decision: the least bid on the first card, no rerolls, the first affordable gain. */
function answer(decision) {
  switch (decision.type) {
    case 'BID':
      return { type: 'BID', bid: { military: decision.minMilitary, tradeRowIndex: decision.tradeRowIndexes[0] } };
    case 'REROLL':
      return { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: decision.rerollRound } };
    case 'RESOLVE':
      return { type: 'RESOLVE', resolve: { cardIDToGain: decision.choices.find((c) => c.affordable).cardID } };
    default:
      return null; // WAIT_FOR_OTHERS: someone else is deciding.
  }
}

// 3. Watch the game; answer each decision once. Another player's step can land while our action
//    is on its way: that state does not hold our action yet and still asks for it. So we act on a
//    state only once our last action is answered, and only on a state at least as new as the step
//    the answer names (the one that holds our action).
const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/channel?jwt=${encodeURIComponent(jwt)}`);
await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
const result = await new Promise((resolve, reject) => {
  let latest = null; // the newest { sequenceID, game } received
  let actedOn = -1; // the state we last answered
  let committed = -1; // the step our last action was committed in
  let sending = false;
  async function play() {
    if (sending || latest === null) return;
    const { sequenceID, game } = latest;
    if (game.ended) return resolve(game);
    if (!game.decision || sequenceID <= actedOn || sequenceID < committed) return;
    const action = answer(game.decision);
    if (!action) return;
    actedOn = sequenceID;
    sending = true;
    try {
      committed = (await call(cookie, 'POST', `/api/game/${gameID}/add_action`, { action })).sequenceID;
    } catch (error) {
      // A rule refusal (it has a code) means the game moved on under us (a stand-in bot played
      // our seat): the next update says what is due. Anything else is a real failure.
      if (error.code === undefined) return reject(error);
      console.log(`refused (${error.code}); waiting for the next state`);
    } finally {
      sending = false;
    }
    await play(); // a state that came while we were sending
  }
  socket.on('message', (raw) => {
    const message = JSON.parse(raw.toString());
    if (message.type === 'error') return reject(new Error(message.message));
    if (message.type !== 'topic' || message.topic !== `game/${gameID}`) return;
    latest = message.data;
    void play();
  });
  // The server going away (a restart, a deploy) ends the watch: say so, rather than leave the
  // program to end silently with Node's exit code 13 for a promise that never settled. The game
  // itself goes on when the server is back.
  socket.once('close', (code) => reject(new Error(`the server closed /channel (code ${code}) before game ${gameID} ended; it goes on when the server is back`)));
  socket.send(JSON.stringify({ type: 'subscribe', topic: `game/${gameID}` }));
});
socket.close();

// 4. The result.
for (const player of result.players) {
  const who = player.userID === me.id ? `${me.name} (me)` : player.botType;
  console.log(`${who}: ${player.counters.favor} favor${result.winnerIDs.includes(player.userID) ? ', winner' : ''}`);
}
console.log(`seed ${result.seed}; its SHA-256 ${result.seedCommitment} was shown from the start`);
