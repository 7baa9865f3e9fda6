/**
 * Searching what a browser received for values it must never see: every websocket frame and HTTP
 * body is parsed, every game view in it checked against the rules of `viewFor`, and the raw text
 * searched for secrets taken from the server's own game (seed and PRNG key, deck orders).
 */
import type { Game } from '../../../src/engine/index.js';
import { applyPatch, type Patch } from '../../../src/engine/json-patch.js';

const FORBIDDEN_KEYS = ['rngState', 'prerolledDiceByPlayerID', 'turnRecordByPlayerID'];

/** Secret strings from a raw game as it stands: none may appear in anything a browser got. */
export function secretsOf(game: Game): string[] {
  const secrets: string[] = [];
  if (game.gameEndTimestamp === null) {
    secrets.push(String(game.seed));
    if (game.rngState.kind === 'chacha20') secrets.push(game.rngState.key);
  }
  const sortedDeck = [...game.deck].sort((a, b) => a - b);
  if (game.deck.length > 2 && game.deck.some((id, i) => id !== sortedDeck[i])) secrets.push(JSON.stringify(game.deck));
  const sortedTributes = [...game.tributeDeck].sort((a, b) => a - b);
  if (game.tributeDeck.length > 2 && game.tributeDeck.some((id, i) => id !== sortedTributes[i])) secrets.push(JSON.stringify(game.tributeDeck));
  return secrets;
}

interface WireLike {
  sequenceID: number;
  fromEvent: number;
  events: { type: string; payload: Record<string, unknown> }[];
  game: {
    viewerID: string | null;
    phase: string;
    seed: unknown;
    gameEndTimestamp: number | null;
    options: Record<string, boolean>;
    deck: number[];
    tributeDeck: number[];
    players: { userID: string; bid: unknown; selectedCard: unknown; counters: { favor: number }; favorSources: Record<string, number> }[];
    bidsByPlayerID: Record<string, unknown>;
    resolvesByPlayerID: Record<string, unknown>;
    rollSelectionsByPlayerID: Record<string, string>;
  };
}

function walk(value: unknown, visit: (object: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) value.forEach((v) => walk(v, visit));
  else if (value && typeof value === 'object') {
    visit(value as Record<string, unknown>);
    Object.values(value).forEach((v) => walk(v, visit));
  }
}

const sorted = (ids: number[]) => ids.every((id, i) => i === 0 || ids[i - 1]! <= id);

/** What is wrong with one game view as a viewer received it (empty when nothing leaks). */
export function viewLeaks(update: WireLike): string[] {
  const problems: string[] = [];
  const g = update.game;
  const others = (id: string) => id !== g.viewerID;
  if (g.seed !== null && g.gameEndTimestamp === null) problems.push('seed before the end');
  if (!sorted(g.deck)) problems.push('deck order');
  if (!sorted(g.tributeDeck)) problems.push('tribute deck order');
  if (g.phase === 'PLANNING') {
    for (const p of g.players) if (others(p.userID) && (p.bid !== null || p.selectedCard !== null)) problems.push(`bid of ${p.userID} before the reveal`);
    for (const id of Object.keys(g.bidsByPlayerID)) if (others(id)) problems.push(`bidsByPlayerID of ${id} before the reveal`);
  }
  if (g.phase === 'RESOLUTION') for (const id of Object.keys(g.resolvesByPlayerID)) if (others(id)) problems.push(`resolve of ${id} before all resolved`);
  for (const [id, choice] of Object.entries(g.rollSelectionsByPlayerID)) if (others(id) && choice !== 'na') problems.push(`reroll choice of ${id}`);
  if (g.options.hideFavor && g.gameEndTimestamp === null) {
    for (const p of g.players) {
      if (p.counters.favor !== 0 || Object.values(p.favorSources).some((v) => v !== 0)) problems.push(`favor of ${p.userID} under hideFavor`);
    }
    for (const e of update.events) {
      if ((e.type === 'GAIN_CARD' || e.type === 'GAIN_TRIBUTES') && e.payload.favor !== 0) problems.push(`favor in ${e.type} under hideFavor`);
      const whose = String(e.payload.userID);
      if (e.type === 'GAIN_TRIBUTES' && others(whose) && whose !== '') problems.push(`whose tributes (${whose}) under hideFavor`);
    }
  }
  return problems;
}

export interface LeakReport {
  views: number;
  problems: string[];
}

interface Patched {
  sequenceID: number;
  baseSequenceID: number;
  patch: Patch;
}

/**
 * Every problem in everything received: forbidden keys, bad views, and secret strings. A tRPC
 * onGame patch is applied to the view its subscription (the message id) was sent before, and the
 * view it makes is checked like any other.
 */
export function findLeaks(received: readonly string[], secrets: ReadonlySet<string>): LeakReport {
  const problems: string[] = [];
  let views = 0;
  const held = new Map<unknown, WireLike>();
  for (const text of received) {
    for (const secret of secrets) if (secret.length >= 6 && text.includes(secret)) problems.push(`secret ${secret.slice(0, 24)}... in ${text.slice(0, 80)}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue;
    }
    const message = parsed as { id?: unknown; result?: { data?: unknown } } | null;
    const data = message?.result?.data;
    if (data && typeof data === 'object' && 'sequenceID' in data) {
      if ('game' in data && 'events' in data) held.set(message.id, data as WireLike);
      else if ('patch' in data) {
        const patched = data as Patched;
        const base = held.get(message.id);
        if (base && base.sequenceID === patched.baseSequenceID) {
          const view = { ...base, ...applyPatch({ game: base.game, events: base.events }, patched.patch), sequenceID: patched.sequenceID, fromEvent: 0 };
          held.set(message.id, view);
          views++;
          problems.push(...viewLeaks(view));
        }
      }
    }
    walk(parsed, (object) => {
      for (const key of FORBIDDEN_KEYS) if (key in object) problems.push(`key ${key}`);
      if ('sequenceID' in object && 'game' in object && 'events' in object) {
        views++;
        problems.push(...viewLeaks(object as unknown as WireLike));
      }
    });
  }
  return { views, problems: [...new Set(problems)] };
}
