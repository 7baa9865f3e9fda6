import type { ForfeitReason } from '../engine/forfeits.js';

/**
 * When a finished game is not its player's own result: a stand-in bot made more than half of the
 * seat's decisions, as `decisionCounts` counts them (a game finished by bots once nobody had it
 * open, or a seat its player let the stand-in play). Such a player, like one who left, lost the
 * game whatever the seat scored: last in the rating and not a win in their totals
 * (src/server/services/game-store.ts), and the end-of-game view says so instead of their place.
 *
 * In src/shared, importing only the engine's types, so the server rates by the rule the web client shows.
 */
export function mostlyStoodIn(decisions: number, stoodIn: number): boolean {
  return 2 * stoodIn > decisions;
}

/** An action of a game, as far as the rule reads it: whose it was, what kind, and a stand-in's reason if one took it. */
interface Decided {
  userID: string;
  /** The action's type (`BID`, `UNBID`, ...); absent, it is no bid. */
  type?: string;
  standIn?: string | null;
}

/** How many of a player's decisions a game counts, how many a stand-in made, and whether one played for them because they left. */
export interface DecisionCount {
  decisions: number;
  stoodIn: number;
  left: boolean;
}

/**
 * Each player's decisions in a game's actions (in the order they were taken), and how many of them a
 * stand-in made. A bid taken back (UNBID) is no decision, nor is taking it back: a player may bid and
 * take the bid back three times a turn, and counted as seven decisions against a stand-in's one or
 * two a turn, those made a few turns played in person outweigh a game the stand-in played. The
 * bid taken back is the player's last action, whoever chose it: a player back in time to change
 * the bid a stand-in made for them made that decision.
 */
export function decisionCounts(actions: Iterable<Decided>): Map<string, DecisionCount> {
  const counts = new Map<string, DecisionCount>();
  // Each player's standing bid, if their last action was one: whether a stand-in chose it.
  const standingBid = new Map<string, boolean>();
  for (const { userID, type, standIn } of actions) {
    let count = counts.get(userID);
    if (!count) counts.set(userID, (count = { decisions: 0, stoodIn: 0, left: false }));
    if (standIn === 'left') count.left = true;
    if (type === 'UNBID') {
      const byStandIn = standingBid.get(userID);
      if (byStandIn !== undefined) {
        count.decisions--;
        if (byStandIn) count.stoodIn--;
      }
      standingBid.delete(userID);
      continue;
    }
    count.decisions++;
    if (standIn) count.stoodIn++;
    if (type === 'BID') standingBid.set(userID, Boolean(standIn));
    else standingBid.delete(userID);
  }
  return counts;
}

/** An entry of a game's record, as far as the rule reads it (src/engine/replay.ts has the whole type). */
interface LoggedAction {
  kind: string;
  userID?: string;
  action?: { type: string };
  standIn?: string | null;
}

/** Why a finished game counted as a loss for a player whatever their seat scored (the engine's list, which records carry). */
export type Forfeit = ForfeitReason;

/**
 * Who forfeited a finished game and why, by user id, as the server recorded it at the game's end
 * (src/server/services/game-store.ts): a game's record and its replay file carry it as `forfeits`
 * (src/engine/forfeits.ts).
 */
export type RecordedForfeits = Readonly<Record<string, Forfeit>>;

/** The forfeits the counts tell: a stand-in took a decision because its player left, or made most of their decisions. */
function forfeitsOf(counts: ReadonlyMap<string, DecisionCount>): Map<string, Forfeit> {
  const forfeits = new Map<string, Forfeit>();
  for (const [userID, c] of counts) {
    if (c.left) forfeits.set(userID, 'left');
    else if (mostlyStoodIn(c.decisions, c.stoodIn)) forfeits.set(userID, 'stood in');
  }
  return forfeits;
}

/** A finished game's record (src/engine/replay.ts has the whole type), as far as the rule reads it. */
interface ForfeitRecord {
  log: readonly LoggedAction[];
  /** Absent or null: a record that does not say (then the log's actions are counted). */
  forfeits?: RecordedForfeits | null;
}

/**
 * The players of a finished game's record whose game counted as a loss, and why. The record says
 * so itself, as the server recorded it: the server knows from the table every player who left,
 * even one who left with no decision of theirs to come, whom no stand-in's action names. A record
 * that does not say (a replay file from before it was kept) is read from its log: a stand-in took
 * a decision of theirs because they had left, or made most of their decisions.
 */
export function forfeitsIn(record: ForfeitRecord): Map<string, Forfeit> {
  if (record.forfeits) return new Map(Object.entries(record.forfeits));
  const actions = record.log.flatMap((entry) => (entry.kind === 'action' && entry.userID !== undefined ? [{ userID: entry.userID, type: entry.action?.type, standIn: entry.standIn }] : []));
  return forfeitsOf(decisionCounts(actions));
}

/** An action of a replay file (src/engine/replay-file.ts), as far as the rule reads it. */
interface FileAction {
  userID: string;
  action: { type: string };
  standIn?: string | null;
}

/**
 * The players of a replay file's game whose game counted as a loss, and why: the file's
 * `forfeits` (a finished game exported by the server), else the same rule read from its actions,
 * each of which carries a stand-in's reason beside it (`standIn`) where the record's log has its
 * entries. A file of bots (a tournament's) has none.
 */
export function forfeitsInFile(file: { actions: readonly FileAction[]; forfeits?: RecordedForfeits | null }): Map<string, Forfeit> {
  if (file.forfeits) return new Map(Object.entries(file.forfeits));
  return forfeitsOf(decisionCounts(file.actions.map((a) => ({ userID: a.userID, type: a.action.type, standIn: a.standIn }))));
}

/** A game as far as the rule reads it: each seat's favor, and the engine's winners. */
interface Standings {
  players: readonly { userID: string; counters: { favor: number } }[];
  winnerIDs: readonly string[];
}

/**
 * Who won once the forfeits count: the engine's winners (the most favor), unless one of them
 * forfeited, who cannot have won a game that counted as their loss; then those with the most favor
 * among the rest (equal favor shares the win), and nobody if every seat forfeited. The server
 * records it in each seat's stats and the end-of-game view shows it, so a seat a bot played to the
 * top after its player left is not crowned.
 */
export function winnersAfterForfeits(game: Standings, forfeited: { has(userID: string): boolean }): string[] {
  if (!game.winnerIDs.some((id) => forfeited.has(id))) return [...game.winnerIDs];
  const standing = game.players.filter((p) => !forfeited.has(p.userID));
  if (standing.length === 0) return [];
  const top = Math.max(...standing.map((p) => p.counters.favor));
  return standing.filter((p) => p.counters.favor === top).map((p) => p.userID);
}
