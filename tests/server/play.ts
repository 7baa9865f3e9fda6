/**
 * Playing from a client's seat: a game update from the server has no card set (clients build it
 * from the game definitions and the game's modules), so rebuild it, ask the engine what the
 * player must decide, and answer the way a simple person would.
 */
import { buildCardSet, pendingDecision, type Action, type Decision, type GameDefinitions, type GameView, type ModuleKey } from '../../src/engine/index.js';
import type { Client } from './support.js';

export type GameUpdate = Awaited<ReturnType<Client['games']['state']['query']>>;

/** The definitions as the client receives them. */
export async function definitionsOf(client: Client): Promise<GameDefinitions> {
  return (await client.definitions.get.query()) as unknown as GameDefinitions;
}

/** The update's game with its card set, as the engine's helpers expect a view. */
export function viewOf(update: GameUpdate, definitions: GameDefinitions): GameView {
  const cards = buildCardSet(definitions, update.game.modules as ModuleKey[]);
  return { ...(update.game as unknown as GameView), cardsByID: cards.cardsByID, tributeCardsByID: cards.tributeCardsByID, events: [] };
}

export function decisionOf(update: GameUpdate, definitions: GameDefinitions, userID: string): Decision | null {
  return pendingDecision(viewOf(update, definitions), userID);
}

/**
 * A plain answer: bid the least military on the first trade row card, decline rerolls, gain the
 * won card if affordable, else the first affordable card. Null when there is nothing to do.
 */
export function simpleAction(decision: Decision | null): Action | null {
  switch (decision?.type) {
    case 'BID':
      return { type: 'BID', bid: { military: decision.minMilitary, tradeRowIndex: decision.tradeRowIndexes[0]! } };
    case 'REROLL':
      return { type: 'REROLL', rollSelection: { rerollType: 'decline', rerollRound: decision.rerollRound } };
    case 'RESOLVE': {
      const choice = decision.choices.find((c) => c.affordable);
      if (!choice) throw new Error('no affordable card to gain');
      return { type: 'RESOLVE', resolve: { cardIDToGain: choice.cardID } };
    }
    default:
      return null;
  }
}

/** The update as `viewer` sees it now, and what they must decide in it. */
export async function decisionNow(client: Client, gameID: string, definitions: GameDefinitions, userID: string): Promise<{ update: GameUpdate; decision: Decision | null }> {
  const update = await client.games.state.query({ gameID });
  return { update, decision: decisionOf(update, definitions, userID) };
}

type PlayNowStatus = Awaited<ReturnType<Client['lobbies']['playNow']['status']['query']>>['mine'];

/** A Play now wait once it is over (matched or failed), asked for every 100 ms; what it was at `timeout` otherwise. */
export async function playNowSettled(client: Client, timeout = 15_000): Promise<PlayNowStatus> {
  const until = Date.now() + timeout;
  for (;;) {
    const { mine } = await client.lobbies.playNow.status.query();
    if (mine?.state === 'matched' || mine?.state === 'failed' || Date.now() > until) return mine;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
