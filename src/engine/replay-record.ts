/**
 * A replay file (src/engine/replay-file.ts) as the record the browser's replay rebuilds and checks
 * (`GameRecord`, src/engine/replay.ts): what lets /replay show an exported game exactly as
 * /game/{id}/replay shows one the server serves, with the same fair-dice check.
 *
 * An export holds the game without its chat and stand-in steps (the server's withoutChat) and
 * its actions without their step numbers, which are found again by running them. The file's final state is the server's
 * word: its event log and its snapshot are what the rebuild is checked against; the seed's
 * commitments and the players' values come from it too, and who forfeited the game when it says.
 */
import { playAction } from './play.js';
import { ReplayFileError, type ReplayAction, type ReplayFile } from './replay-file.js';
import { rebuild, snapshotOf, type GameRecord, type ReplayLogEntry } from './replay.js';
import { seedFromNumber } from './seed.js';

export function recordOfReplayFile(file: ReplayFile): GameRecord {
  const { setup, final, generator } = file;
  if (typeof final.cardsByID !== 'object' || final.cardsByID === null || Object.keys(final.cardsByID).length === 0) {
    throw new ReplayFileError('final.cardsByID is missing: the file does not hold the card set its game was played with');
  }
  // A tournament's integer seed stands for the 256-bit seed derived from it; a game made before
  // ChaCha20 (xoroshiro128+) keeps its integer, which is what its generator starts from.
  const seed = typeof file.seed === 'number' && generator !== 'xoroshiro128+' ? seedFromNumber(file.seed) : file.seed;
  const record: GameRecord = {
    id: setup.id ?? final.id,
    seats: setup.seats,
    // The saved options are the game's own, a module's additions included (as `mythos replay` re-runs it).
    options: { ...setup.options, ...final.options },
    modules: setup.modules,
    generator,
    start: file.start,
    cardsByID: final.cardsByID,
    tributeCardsByID: final.tributeCardsByID ?? {},
    seedCommitment: final.seedCommitment ?? null,
    seed,
    serverSecretCommitment: final.serverSecretCommitment ?? null,
    serverSecret: final.serverSecret ?? null,
    seedContributions: final.seedContributions ?? null,
    log: [],
    events: final.events,
    final: snapshotOf(final),
    forfeits: file.forfeits ?? null,
  };
  return { ...record, log: numbered(record, file.actions) };
}

/**
 * The file's actions as log entries under the step each had in the stored game. The file does not
 * keep them, and an action may take more than one step (the automatic steps after it), so they are
 * found by running the actions once; from a refused action on, the rest are numbered one by one
 * (the rebuild then stops at that action and names it).
 */
function numbered(record: GameRecord, actions: readonly ReplayAction[]): ReplayLogEntry[] {
  const entry = (a: ReplayAction, sequenceID: number): ReplayLogEntry => ({ kind: 'action', sequenceID, userID: a.userID, action: a.action, at: a.now, standIn: null });
  let game = rebuild({ ...record, log: [] }).steps[0]?.game;
  let next = (game?.sequenceID ?? 0) + 1;
  return actions.map((a) => {
    const logged = entry(a, next);
    const result = game ? playAction(game, a.userID, a.action, a.now) : null;
    game = result?.ok ? result.game : undefined;
    next = game ? game.sequenceID + 1 : next + 1;
    return logged;
  });
}
