/**
 * A finished game told turn by turn from its events: bids with military, clashes with their dice
 * rounds and winner, cards gained with their cost, tributes completed and the favor totals after
 * each turn; then prophecies, leftover resources, who forfeited and the winners.
 */
import type { Game, GameEvent, TriggeredCard, UserID } from '../engine/index.js';
import { winnersAfterForfeits, type Forfeit } from '../shared/forfeit.js';

type Section = { title: string; lines: string[] };

const sumFavor = (triggered: readonly TriggeredCard[]) => triggered.reduce((n, t) => n + t.favor, 0);
const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));

const NO_FORFEITS: ReadonlyMap<UserID, Forfeit> = new Map();

/**
 * `forfeits`: the players whose game counted as a loss whatever they scored (a replay file's
 * `forfeits`, or in an older file its stand-in marks: `forfeitsInFile`); a game of bots has none.
 * They are told, and never named the winner (docs/decisions.md, "Nor is such a player the winner").
 */
export function narrateGame(game: Game, forfeits: ReadonlyMap<UserID, Forfeit> = NO_FORFEITS): string[] {
  const byID = new Map(game.players.map((p) => [p.userID, p]));
  const who = (id: UserID) => {
    const p = byID.get(id);
    return p?.botType ? `${id} (${p.botType})` : id;
  };
  const card = (id: number) => game.cardsByID[id]?.name ?? `card ${id}`;
  const tribute = (id: number) => game.tributeCardsByID[id]?.name ?? `tribute ${id}`;
  const favor = new Map<UserID, number>(game.players.map((p) => [p.userID, 0]));
  const addFavor = (id: UserID, n: number) => favor.set(id, (favor.get(id) ?? 0) + n);
  const favorLine = () => `favor: ${game.players.map((p) => `${p.userID} ${favor.get(p.userID)}`).join(', ')}`;

  const sections: Section[] = [];
  const turn: { section: Section | null; key: string } = { section: null, key: '' };
  const end: Section = { title: 'End of game', lines: [] };
  /** Ends the turn being told with its favor totals. */
  const closeTurn = () => {
    turn.section?.lines.push(favorLine());
    turn.section = null;
  };
  const open = (event: GameEvent): Section => {
    const k = `${event.age}:${event.turn}`;
    if (turn.section && k === turn.key) return turn.section;
    closeTurn();
    turn.key = k;
    turn.section = { title: `Age ${event.age}, turn ${event.turn}`, lines: [] };
    sections.push(turn.section);
    return turn.section;
  };

  for (const event of game.events) {
    switch (event.type) {
      case 'BID': {
        const { userID, cardID, military, spentMilitary } = event.payload;
        open(event).lines.push(`bid: ${who(userID)} bids ${military} military on ${card(cardID)} (spends ${spentMilitary})`);
        break;
      }
      case 'CONFLICT_RESULTS': {
        const { cardID, winningPlayerID, rounds, playerIDsWithRerolls } = event.payload;
        const lines = open(event).lines;
        const first = rounds[0] ?? {};
        lines.push(`clash for ${card(cardID)}: ${Object.keys(first).map(who).join(' vs ')}`);
        rounds.forEach((round, i) => {
          const rolls = Object.values(round)
            .filter((r) => r.didRoll)
            .map((r) => `${r.playerID} ${r.bonus}+[${r.rolls.join(',')}]=${r.total}`);
          lines.push(`  round ${i + 1}: ${rolls.join(', ')}`);
        });
        const rerolls = playerIDsWithRerolls.length > 0 ? ` (rerolled: ${playerIDsWithRerolls.join(', ')})` : '';
        lines.push(`  winner: ${who(winningPlayerID)}${rerolls}`);
        break;
      }
      case 'USE_REROLL':
        open(event).lines.push(`reroll: ${who(event.payload.userID)} spends a reroll token and rolls [${event.payload.rolls.join(',')}]`);
        break;
      case 'DECLINE_REROLL':
        open(event).lines.push(`reroll: ${who(event.payload.userID)} declines to reroll`);
        break;
      case 'REFUND_MILITARY':
        open(event).lines.push(`retreat: ${who(event.payload.userID)} gets ${event.payload.refundedMilitary} military back`);
        break;
      case 'GAIN_CARD': {
        const { userID, cardID, cost, favor: own, triggeredCards } = event.payload;
        const gained = own + sumFavor(triggeredCards);
        addFavor(userID, gained);
        const price = cost.gold > 0 ? `cost ${cost.gold} gold` : 'free';
        open(event).lines.push(`gain: ${who(userID)} gains ${card(cardID)} (${price}${gained !== 0 ? `, ${signed(gained)} favor` : ''})`);
        break;
      }
      case 'EARN_TOKEN': {
        const gained = sumFavor(event.payload.triggeredCards);
        addFavor(event.payload.userID, gained);
        open(event).lines.push(`token: ${who(event.payload.userID)} earns a ${event.payload.token} token${gained !== 0 ? ` (${signed(gained)} favor)` : ''}`);
        break;
      }
      case 'GAIN_TRIBUTES': {
        const { userID, tributeIDs, favor: own, tributeTokens, triggeredCards } = event.payload;
        const gained = own + sumFavor(triggeredCards);
        addFavor(userID, gained);
        const names = tributeIDs.map(tribute).join(', ');
        open(event).lines.push(`tribute: ${who(userID)} completes ${names} (${tributeTokens} token${tributeTokens === 1 ? '' : 's'}, ${signed(gained)} favor)`);
        break;
      }
      case 'END_GAME_EFFECTS': {
        closeTurn();
        const { userID, triggeredCards } = event.payload;
        const gained = sumFavor(triggeredCards);
        addFavor(userID, gained);
        const parts = triggeredCards.filter((t) => t.favor !== 0).map((t) => `${card(t.cardID)} ${signed(t.favor)}`);
        end.lines.push(`prophecies: ${who(userID)} ${signed(gained)} favor${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`);
        break;
      }
      case 'END_GAME_SCORING': {
        closeTurn();
        const { userID, favor: gained, cost } = event.payload;
        addFavor(userID, gained);
        end.lines.push(`resources: ${who(userID)} ${signed(gained)} favor for ${cost.gold} gold and ${cost.military} military`);
        break;
      }
      default:
        break;
    }
  }
  closeTurn();
  end.lines.push(`final ${favorLine()}`);
  if (game.gameEndTimestamp !== null) {
    for (const p of game.players) {
      const forfeit = forfeits.get(p.userID);
      if (forfeit) end.lines.push(`forfeit: ${forfeitWords(who(p.userID), forfeit)}`);
    }
    const winners = winnersAfterForfeits(game, forfeits);
    const names = winners.length === 0 ? 'nobody, as every player forfeited' : winners.map(who).join(' and ');
    end.lines.push(`${winners.length > 1 ? 'winners' : 'winner'}: ${names}`);
  } else {
    end.lines.push('the game has not ended');
  }
  const mismatched = game.players.filter((p) => p.counters.favor !== favor.get(p.userID));
  if (mismatched.length > 0) {
    end.lines.push(`note: favor from events differs from the game's counters for ${mismatched.map((p) => `${p.userID} (${p.counters.favor})`).join(', ')}`);
  }

  const out: string[] = [];
  for (const s of [...sections, end]) {
    out.push(s.title, ...s.lines.map((l) => `  ${l}`), '');
  }
  return out;
}

/** Why a player's game counted as a loss, in the end view's words (src/web/game/presentation/end-stats.ts). */
function forfeitWords(who: string, forfeit: Forfeit): string {
  return forfeit === 'left' ? `${who} left the game, so it counts as a loss` : `a bot made most of ${who}'s choices, so the game counts as a loss`;
}
