/**
 * `mythos verify <file>`: checks that a finished game's dice were fair. Every game commits to its
 * secret seed from the start (the SHA-256 of the seed, shown to every player) and reveals the
 * seed at the end. A game started from a lobby mixes its seed from the server's secret, whose
 * commitment the lobby showed before anyone gave a value, and each person's value: verifying
 * checks the revealed secret against that commitment and that the seed is the published mix of
 * the secret and the values (printing the values, for players to compare with what they gave).
 * Then it checks the revealed seed against its commitment and re-runs the game from the seed,
 * setup and actions: it must give every event of the file (every deal and every die) and its
 * final state. Exit 0 when all hold, 1 naming the first thing that does not, 2 for a file that
 * cannot be verified (unreadable, or a game not ended yet).
 */
import { Command } from 'commander';
import { commitmentOf, isSeed, mixedSeed, seedFromNumber, seedValueProblem, type Game, type GameEvent, type SeedContribution } from '../engine/index.js';
import { asJSON, describeDifference, firstDifference, showValue } from '../engine/deep-diff.js';
import { diceOf, eventKind, isDeal } from '../engine/replay.js';
import { CliError, EXIT_FAILED, EXIT_OK } from './errors.js';
import type { Io } from './io.js';
import { withReplayFile, type ReplayFile } from './replay-file.js';
import { refusedLine, rerun } from './rerun.js';

/** The commitment the file's game published, and the seed it revealed at the end. */
function sealOf(replay: ReplayFile, path: string): { commitment: string; seed: string } {
  const { final } = replay;
  if (final.gameEndTimestamp === null || final.gameEndTimestamp === undefined) {
    throw new CliError(`${path}: the game has not ended: its seed is revealed only at the end, so it cannot be verified yet`);
  }
  if (typeof final.seedCommitment !== 'string') {
    throw new CliError(`${path}: the game has no seed commitment: it was made before fair dice (mythos replay still re-runs it)`);
  }
  return { commitment: final.seedCommitment, seed: typeof replay.seed === 'number' ? seedFromNumber(replay.seed) : replay.seed };
}

/** Each seat's value as verify prints it: `seat 1 ann "c0ffee"`, `seat 2 bob none`. */
function describeValues(contributions: readonly SeedContribution[]): string {
  return contributions.map((c, seat) => `seat ${seat + 1} ${c.userID} ${c.value === '' ? 'none' : JSON.stringify(c.value)}`).join(', ');
}

/** A mixed seed's parts, checked one by one: the first problem as a sentence, or null if none. */
function mixProblem(replay: ReplayFile, seed: string): string | null {
  const { serverSecretCommitment: commitment, serverSecret: secret, seedContributions: values } = replay.final as Partial<Game>;
  if (typeof commitment !== 'string') return "the game keeps the players' values for the seed but not the commitment its lobby showed to the server's secret";
  if (!isSeed(secret)) return `the server's secret is not revealed as 64 hex digits (the file has ${showValue(secret)})`;
  const hashed = commitmentOf(secret);
  if (hashed !== commitment) return `the revealed server secret does not match the commitment its lobby showed (its SHA-256 is ${hashed}, the lobby committed to ${commitment})`;
  if (!Array.isArray(values)) return `the players' values for the seed are not a list (the file has ${showValue(values)})`;
  const seats = replay.setup.seats;
  for (let seat = 0; seat < Math.max(seats.length, values.length); seat++) {
    const value: unknown = values[seat];
    const player = seats[seat];
    const entry = value as Partial<SeedContribution> | undefined;
    if (!player) return `the players' values name a seat ${seat + 1} the game does not have (${showValue(value)})`;
    if (!entry || entry.userID !== player.userID || typeof entry.value !== 'string') {
      return `the players' value for seat ${seat + 1} should be {"userID": ${JSON.stringify(player.userID)}, "value": text}, the file has ${showValue(value)}`;
    }
    if (entry.value === '') continue;
    if (player.botType) return `seat ${seat + 1} is a bot (${player.userID}), whose seat adds nothing to the seed, but the file gives it the value ${JSON.stringify(entry.value)}`;
    const problem = seedValueProblem(entry.value);
    if (problem) return `the value of seat ${seat + 1} (${player.userID}) could not have been given: ${problem}`;
  }
  const mixed = mixedSeed({ serverSecret: secret, contributions: values as SeedContribution[] });
  if (mixed !== seed) {
    return (
      `the seed is not the mix of the server's secret and the players' values: with the values the file has ` +
      `(${describeValues(values as SeedContribution[])}) they give ${mixed}, the file's seed is ${seed}`
    );
  }
  return null;
}

/** The first event of the file the re-run does not give, described; null if all match. */
function firstEventDifference(saved: readonly GameEvent[], rerun: Game): string | null {
  const events = asJSON(rerun.events);
  if (!Array.isArray(events)) return 'the re-run has no events';
  for (let i = 0; i < Math.max(saved.length, events.length); i++) {
    const event = saved[i];
    if (event === undefined) return `the seed and actions give more events than the file holds (event ${i}: ${showValue(events[i])})`;
    const difference = firstDifference(event, events[i], `$.final.events[${i}]`);
    if (difference) {
      return (
        `${eventKind(event)} differs: event ${i} (${event.type}, age ${event.age}, turn ${event.turn}) at ${difference.path}: ` +
        `the file says ${showValue(difference.expected)}, the seed and actions give ${showValue(difference.actual)}`
      );
    }
  }
  return null;
}

export function runVerify(path: string, io: Io): number {
  return withReplayFile(path, (replay) => verified(path, replay, io));
}

function verified(path: string, replay: ReplayFile, io: Io): number {
  const { commitment, seed } = sealOf(replay, path);
  const { serverSecretCommitment, seedContributions } = replay.final as Partial<Game>;
  const mixed = (serverSecretCommitment ?? null) !== null || (seedContributions ?? null) !== null || (replay.final.serverSecret ?? null) !== null;
  const problem = mixed ? mixProblem(replay, seed) : null;
  if (problem) {
    io.out(`FAIL ${path}: ${problem}\n`);
    return EXIT_FAILED;
  }
  const hashed = commitmentOf(seed);
  if (hashed !== commitment) {
    io.out(`FAIL ${path}: the revealed seed does not match the commitment (its SHA-256 is ${hashed}, the game committed to ${commitment})\n`);
    return EXIT_FAILED;
  }
  const result = rerun(replay);
  if (!result.ok) {
    io.out(refusedLine(path, replay, result));
    return EXIT_FAILED;
  }
  const events = replay.final.events;
  const eventDifference = firstEventDifference(events, result.game);
  if (eventDifference) {
    io.out(`FAIL ${path}: ${eventDifference}\n`);
    return EXIT_FAILED;
  }
  const difference = firstDifference(replay.final, asJSON(result.game), '$.final');
  if (difference) {
    io.out(`FAIL ${path}: the final state is not what the seed and actions give; first difference at ${describeDifference(difference)}\n`);
    return EXIT_FAILED;
  }
  const deals = events.filter(isDeal).length;
  const dice = events.reduce((n, e) => n + diceOf(e), 0);
  const mix = mixed
    ? `the revealed server secret matches the commitment its lobby showed ${serverSecretCommitment!}, ` +
      `and the seed is the mix of it and the players' values (${describeValues(seedContributions!)}); `
    : '';
  io.out(
    `OK ${path}: the revealed seed matches the commitment ${commitment}; ${mix}` +
      `${replay.actions.length} actions re-run give all ${events.length} events (${deals} deals, ${dice} dice) and the final state\n`,
  );
  return EXIT_OK;
}

export function verifyCommand(io: Io, setExitCode: (code: number) => void): Command {
  return new Command('verify')
    .description("check a finished game's fairness: its revealed seed matches its commitment and gives every deal and die")
    .argument('<file>', 'an exported game (games export) or a replay file of a finished game')
    .addHelpText(
      'after',
      `
Every game publishes the SHA-256 of its secret seed (its commitment) from the start and reveals
the seed when it ends. A game started from a lobby mixes its seed from the server's secret, whose
commitment the lobby showed before anyone gave a value, and each player's value for the dice:
verify checks the revealed secret against that commitment and that the seed is their mix
(SHA-256 over "mythos seed mix v1", a zero byte, the secret, the number of seats, and each seat's
value with its length), and prints the values: compare them and the commitments with what you
saw. Then it checks the seed against its commitment and re-runs the game from the seed, the
setup and the actions: every deal and die must come out as the file says.

Exit code 0 when they do, 1 when the secret or the seed does not match its commitment, the seed
is not the mix of the secret and the values, or a deal, a die or any other part of the game
differs (the first difference is printed), 2 for a file that is not a usable export or a game
that has not ended.

Examples:
  $ mythos games export g_abc123 --out game.json && mythos verify game.json`,
    )
    .action((file: string) => {
      setExitCode(runVerify(file, io));
    });
}
