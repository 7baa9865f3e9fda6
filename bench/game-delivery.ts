/**
 * What delivering one game step costs the server per watcher, without sockets: the old way (the
 * viewer's wire update with only the new events, JSON-encoded for each subscriber) against the
 * delivery module's (one Version per viewer: view, patch from the step before; the patch message
 * JSON-encoded). Random 4-player games played to the end, every step, every player and one
 * spectator; prints CPU microseconds a step per viewer and the bytes sent. Then the client's side:
 * decoding each message and applying its patch to the view held (src/web/game/live.ts does the
 * same with the same module), in microseconds a message.
 *
 * Last, what the same messages weigh as the server sends them with WebSocket's permessage-deflate
 * (messages of 1,024 bytes and more deflated, each on its own), the CPU of that deflate, and the
 * 95th percentile of a message's size.
 *
 *   npx tsx bench/game-delivery.ts [--games 40] [--hide-favor]
 */
import zlib from 'node:zlib';
import { advance, createGame, type Game } from '../src/engine/index.js';
import { applyPatch } from '../src/engine/json-patch.js';
import { GAME_DEFINITIONS } from '../src/engine/data.js';
import { Version } from '../src/server/delivery/game-versions.js';
import { NO_TABLE, wireUpdate, type WireDelivery } from '../src/server/services/game-views.js';
import { playToEnd } from '../tests/support/play.js';
import { benchOptions, numberOption } from './options.js';

const options = benchOptions({ games: { type: 'string', default: '40' }, 'hide-favor': { type: 'boolean', default: false } });
const GAMES = numberOption('games', options.games);
const HIDE_FAVOR = options['hide-favor'];

function steps(seed: number): Game[] {
  const start = createGame(
    { players: ['a', 'b', 'c', 'd'].map((userID) => ({ userID })), options: { hideFavor: HIDE_FAVOR }, modules: [], definitions: GAME_DEFINITIONS },
    seed,
    1_700_000_000_000,
  );
  const states = [advance(start, start.updateTimestamp).game];
  playToEnd(states[0]!, seed + 1, (game) => {
    if (game.sequenceID > states.at(-1)!.sequenceID) states.push(game);
    else states[states.length - 1] = game;
  });
  return states;
}

const games = Array.from({ length: GAMES }, (_, g) => steps(1_000 + g));
const viewers = ['a', 'b', 'c', 'd', null];
const sends = games.reduce((n, s) => n + s.length * viewers.length, 0);

function old(): number {
  let bytes = 0;
  for (const states of games) {
    for (const viewer of viewers) {
      let events = 0;
      for (const game of states) {
        const from = game.options.hideFavor && game.gameEndTimestamp !== null ? 0 : events;
        bytes += JSON.stringify(wireUpdate(game, viewer, from, NO_TABLE)).length;
        events = game.events.length;
      }
    }
  }
  return bytes;
}

function now(): number {
  let bytes = 0;
  for (const states of games) {
    for (const viewer of viewers) {
      let version: Version | null = null;
      for (const game of states) {
        const next: Version = new Version(game, viewer, version);
        bytes += JSON.stringify(next.after(version, NO_TABLE)).length;
        version = next;
      }
    }
  }
  return bytes;
}

/** Every viewer's messages, JSON-encoded as they are sent. */
function messages(): string[][] {
  const all: string[][] = [];
  for (const states of games) {
    for (const viewer of viewers) {
      const sent: string[] = [];
      let version: Version | null = null;
      for (const game of states) {
        const next: Version = new Version(game, viewer, version);
        sent.push(JSON.stringify(next.after(version, NO_TABLE)));
        version = next;
      }
      all.push(sent);
    }
  }
  return all;
}

const sentMessages = messages();

/** The client's side: parse each message, apply its patch to the view held. */
function receive(): number {
  let bytes = 0;
  for (const sent of sentMessages) {
    let held: { game: unknown; events: unknown[] } | null = null;
    for (const message of sent) {
      bytes += message.length;
      const delivery = JSON.parse(message) as WireDelivery;
      if ('table' in delivery) continue;
      held = 'patch' in delivery ? applyPatch(held!, delivery.patch) : { game: delivery.game, events: delivery.events };
    }
  }
  return bytes;
}

/**
 * The messages deflated one by one, as the server sends them (src/server/delivery/socket-compression.ts:
 * permessage-deflate without context takeover, level 1, a 12-bit window, memLevel 5; messages
 * under 1,024 bytes as they are; a sync flush instead of the end of a stream differs by a byte or two).
 */
const deflateOne = (message: string) => (message.length < 1024 ? message.length : zlib.deflateRawSync(message, { level: 1, windowBits: 12, memLevel: 5 }).length);
function deflated(): number {
  let bytes = 0;
  for (const sent of sentMessages) for (const message of sent) bytes += deflateOne(message);
  return bytes;
}

/** The 95th percentile of a viewer's message sizes, as JSON and deflated. */
function percentile95(sizes: number[]): number {
  const sorted = sizes.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * 0.95)]!;
}

for (const [name, run] of [['old: whole view, new events', old], ['now: version + patch', now], ['old: whole view, new events', old], ['now: version + patch', now], ['client: decode + apply', receive], ['client: decode + apply', receive], ['now, deflated (level 1)', deflated]] as const) {
  // CPU time, not wall time: the machine this runs on is often shared.
  const t0 = process.cpuUsage();
  const bytes = run();
  const used = process.cpuUsage(t0);
  const ms = (used.user + used.system) / 1000;
  console.log(`${name.padEnd(28)} ${((ms * 1000) / sends).toFixed(1).padStart(6)} µs a send, ${(bytes / sends).toFixed(0).padStart(6)} bytes a send (${sends} sends${HIDE_FAVOR ? ', hideFavor' : ''})`);
}
const flat = sentMessages.flat();
console.log(`95th percentile of a message: ${percentile95(flat.map((m) => m.length))} bytes as JSON, ${percentile95(flat.map(deflateOne))} deflated`);
