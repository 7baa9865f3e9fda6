/**
 * Whether a replay file opened at /replay is the game this site recorded under the id it names.
 *
 * The fair-dice check holds a file to itself only: its final state stands for the server's word,
 * so a file made by hand, from any seed and with any forfeits, verifies too, and its forfeits
 * crown whom they like. Beside that check the page compares the file with the site's record of
 * the game (`replays.get`): the file is that game when all its outcome follows from is the same,
 * which is the seed commitment and seed, the setup and card set, the actions in order (each with
 * its time and stand-in mark), and who forfeited. Its events and final state need no comparing,
 * as the fair-dice check holds them to what those give. Chat steps are the site's alone: a file
 * re-runs actions only.
 */
import type { Action } from '../../engine/actions/action.js';
import { asJSON, firstDifference, showValue } from '../../engine/deep-diff.js';
import type { StandInReason } from '../../engine/events.js';
import type { ReplayAction } from '../../engine/replay-file.js';
import type { GameRecord } from '../../engine/replay.js';
import type { Forfeit } from '../../shared/forfeit.js';

/** A file as /replay reads it: its record, its actions with their stand-in reasons, and who it says forfeited. */
export interface OpenedFile {
  record: GameRecord;
  actions: readonly ReplayAction[];
  forfeits: ReadonlyMap<string, Forfeit>;
}

interface LoggedAction {
  userID: string;
  action: Action;
  now: number;
  standIn: StandInReason | null;
}

/** Seat 2, p2: as the rebuild names a seat (its viewer picker's number, then the id). */
function seatOf(record: GameRecord, userID: string): string {
  const seat = record.seats.findIndex((s) => s.userID === userID);
  return seat < 0 ? userID : `seat ${seat + 1}, ${userID}`;
}

/** A card set without each card's effects: they are worked out from the rest, and a file's are worked out again when it is read. */
const definitions = (cards: GameRecord['cardsByID']): unknown => asJSON(Object.fromEntries(Object.entries(cards).map(([id, { effects: _effects, ...card }]) => [id, card])));

const setupOf = ({ seats, generator, start, options, modules }: GameRecord): unknown => asJSON({ seats, generator, start, options, modules });

const differs = (what: string, path: string, site: unknown, file: unknown) => `${what} differs at ${path}: the site recorded ${showValue(site)}, the file says ${showValue(file)}.`;

function actionDifference(site: GameRecord, file: OpenedFile): string | null {
  const recorded = site.log.flatMap((e): LoggedAction[] => (e.kind === 'action' ? [{ userID: e.userID, action: e.action, now: e.at, standIn: e.standIn }] : []));
  const listed = file.actions.map((a): LoggedAction => ({ userID: a.userID, action: a.action, now: a.now, standIn: a.standIn ?? null }));
  const named = (i: number, a: LoggedAction) => `action ${i} (${a.action.type} by ${seatOf(site, a.userID)})`;
  for (let i = 0; i < Math.max(recorded.length, listed.length); i++) {
    const said = recorded[i];
    const given = listed[i];
    if (said === undefined || given === undefined) {
      const missing = said ? `${named(i, said)} is not in the file` : `${named(i, given!)} is not in the site's record`;
      return `The site recorded ${recorded.length} actions, the file lists ${listed.length}: ${missing}.`;
    }
    const d = firstDifference(asJSON(said), asJSON(given), `action ${i}`);
    if (d) return `An action differs: ${named(i, said)} at ${d.path}: the site recorded ${showValue(d.expected)}, the file says ${showValue(d.actual)}.`;
  }
  return null;
}

function forfeitDifference(site: GameRecord, file: OpenedFile): string | null {
  const recorded = new Map(Object.entries(site.forfeits ?? {}));
  const people = [...new Set([...site.seats.map((s) => s.userID), ...recorded.keys(), ...file.forfeits.keys()])];
  const said = (reason: Forfeit | undefined) => (reason ? `"${reason}"` : 'no forfeit');
  for (const userID of people) {
    const siteReason = recorded.get(userID);
    const fileReason = file.forfeits.get(userID);
    if (siteReason !== fileReason) return `Who forfeited differs for ${seatOf(site, userID)}: the site recorded ${said(siteReason)}, the file says ${said(fileReason)}.`;
  }
  return null;
}

/**
 * The first thing in which the file is not the site's record of its game, as a sentence naming it
 * (as the fair-dice line names a die that differs), or null when the file is that game.
 */
export function siteRecordDifference(site: GameRecord, file: OpenedFile): string | null {
  const mine = file.record;
  if (site.seedCommitment !== mine.seedCommitment) return differs('The seed commitment', 'seedCommitment', site.seedCommitment, mine.seedCommitment);
  if (site.seed !== mine.seed) return differs('The seed', 'seed', site.seed, mine.seed);
  const setup = firstDifference(setupOf(site), setupOf(mine), 'setup');
  if (setup) return differs('The setup', setup.path, setup.expected, setup.actual);
  const cards =
    firstDifference(definitions(site.cardsByID), definitions(mine.cardsByID), 'cardsByID') ??
    firstDifference(asJSON(site.tributeCardsByID), asJSON(mine.tributeCardsByID), 'tributeCardsByID');
  if (cards) return differs('The card set', cards.path, cards.expected, cards.actual);
  return actionDifference(site, file) ?? forfeitDifference(site, file);
}
