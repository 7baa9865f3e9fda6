/**
 * An exported replay file opened in the browser (/replay): `mythos games export`'s file, read by
 * the engine's shape checks and turned into the record the browser's replay rebuilds, steps
 * through to the end and passes the fair-dice check; a tampered file fails it, naming the first
 * difference; a running game's file steps through but says it cannot be verified yet.
 */
import { describe, expect, it } from 'vitest';
import { childPath } from '../../src/engine/deep-diff.js';
import { checkReplay, type ReplayFile } from '../../src/engine/replay-file.js';
import { recordOfReplayFile } from '../../src/engine/replay-record.js';
import { FAIR_DICE_VERIFIED, rebuild, verify } from '../../src/engine/replay.js';
import { exportedFileText } from '../support/exported-replay.js';
import { playFinishedGame } from '../web/support/finished-games.js';
import { useServer } from './databases.js';
import { signInGuest } from './support.js';

const opened = (text: string) => {
  const record = recordOfReplayFile(checkReplay(JSON.parse(text)));
  const rebuilt = rebuild(record);
  return { record, rebuilt, verification: verify(record, rebuilt) };
};
const problem = (text: string) => {
  const { verification } = opened(text);
  return verification.ok ? FAIR_DICE_VERIFIED : verification.problem;
};

describe('an exported replay file in the browser code path', () => {
  const suite = useServer('sqlite');

  it('rebuilds every action and verifies; a changed die or action is named', async () => {
    const server = suite().server;
    const host = await signInGuest(server, 'Exporter');
    // A game can end without a clash (the two seats never bid on the same card), and a die is
    // changed below: games are played until one has a clash.
    const played = async () => exportedFileText(server.app.services.db, await playFinishedGame(host, ['easy_bot']));
    const clashed = (file: string) => (JSON.parse(file) as ReplayFile).final.events.some((e) => e.type === 'CONFLICT_RESULTS');
    let text = await played();
    for (let game = 1; game < 8 && !clashed(text); game++) text = await played();
    const file = JSON.parse(text) as ReplayFile;

    const { record, rebuilt, verification } = opened(text);
    expect(rebuilt.stopped).toBeNull();
    expect(rebuilt.steps).toHaveLength(file.actions.length + 1);
    expect(record.log.map((e) => e.kind)).toEqual(file.actions.map(() => 'action'));
    expect(rebuilt.steps.at(-1)!.game.sequenceID).toBe(file.final.sequenceID);
    expect(verification).toMatchObject({ ok: true, commitment: file.final.seedCommitment, seed: file.seed, actions: file.actions.length });

    // A die changed in the server's event log.
    const dieAt = file.final.events.findIndex((e) => e.type === 'CONFLICT_RESULTS');
    expect(dieAt).toBeGreaterThan(-1);
    const tamperedDie = JSON.parse(text) as ReplayFile;
    const clash = tamperedDie.final.events[dieAt] as Extract<ReplayFile['final']['events'][number], { type: 'CONFLICT_RESULTS' }>;
    const [seat, result] = Object.entries(clash.payload.rounds[0]!)[0]!;
    const die = result.rolls[0]!;
    result.rolls[0] = die === 6 ? 1 : die + 1;
    expect(problem(JSON.stringify(tamperedDie))).toBe(
      `A die differs: event ${dieAt} (CONFLICT_RESULTS, age ${clash.age}, turn ${clash.turn}) at ${childPath(`event ${dieAt}.payload.rounds[0]`, seat)}.rolls[0]: ` +
        `the server says ${result.rolls[0]}, the seed and actions give ${die}.`,
    );

    // An action changed: the first bid's military raised past what the player holds.
    const tamperedAction = JSON.parse(text) as ReplayFile;
    const bidAt = tamperedAction.actions.findIndex((a) => a.action.type === 'BID');
    const bid = tamperedAction.actions[bidAt]!;
    (bid.action as Extract<ReplayFile['actions'][number]['action'], { type: 'BID' }>).bid.military = 99;
    expect(problem(JSON.stringify(tamperedAction))).toMatch(
      new RegExp(`^The game cannot be rebuilt from its seed and actions: action ${bidAt} \\(BID by seat \\d, ${bid.userID}\\) was refused: [^]+[^.]\\.$`),
    );
  }, 120_000);

  it("steps through a running game's file, which cannot be verified yet", async () => {
    const { app } = suite().server;
    const game = await app.services.games.create({
      id: 'export-running',
      lobbyID: null,
      players: [{ userID: 'p-running', botType: null }, { userID: 'bot-running', botType: 'easy_bot' }],
      options: {},
      modules: [],
    });
    expect(game.gameEndTimestamp).toBeNull();
    const { rebuilt, verification } = opened(await exportedFileText(app.services.db, game.id));
    expect(rebuilt.stopped).toBeNull();
    expect(verification).toMatchObject({ ok: false, problem: 'The game has not ended: its seed is revealed only at the end, so its dice cannot be verified yet.' });
  }, 60_000);
});
