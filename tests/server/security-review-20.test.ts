/**
 * A stranger's twentieth look, at the changes of 2026-12-06 (a lobby's pace, the value given with
 * the seat, create's and the rematch offer's commitment).
 *
 * The hole: the slow pace doubles TURN_TIMER_SECONDS, which the server took as any whole number.
 * Past 2^31 - 1 ms (24.8 days) Node's setTimeout fires after 1 ms instead (TimeoutOverflowWarning),
 * and the table's clock arms itself again with the same delay as its time "runs out": a 1 ms
 * timer loop, and a warning line on stderr each time, for as long as the game ran. A server with
 * TURN_TIMER_SECONDS = 1,100,000 (about 12.7 days, for slow correspondence play) was fine at the
 * normal pace; any host who picked Slow started the loop (424 wake-ups in half a second). Now a
 * setting that becomes a timer must fit in one, its longest use included, or the server does not
 * start (src/server/config-check.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { checkConfig } from '../../src/server/config-check.js';
import { configFromEnv } from '../../src/server/config.js';
import { closedAfterEach } from './support.js';

const opened = closedAfterEach();

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { message: string; data?: { code?: string } }) => ({ code: error.data?.code, message: error.message }),
  );

/** Two people's game at `pace`, on a server whose normal turn timer is `turnTimerSeconds`. */
async function gameAt(turnTimerSeconds: number, pace: 'fast' | 'normal' | 'slow') {
  const server = await opened.start({ turnTimerSeconds });
  const ann = await opened.signIn(server, 'Ann');
  const bob = await opened.signIn(server, 'Bob');
  const { id: lobbyID } = await ann.client.lobbies.create.mutate();
  await bob.client.lobbies.join.mutate({ lobbyID, value: 'bob sits' });
  await ann.client.lobbies.setTurnPace.mutate({ lobbyID, pace });
  const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
  return { ann, bob, lobbyID, gameID };
}

/** TimeoutOverflowWarnings emitted in `ms`. */
async function overflowsWithin(ms: number): Promise<number> {
  let count = 0;
  const onWarning = (warning: Error) => {
    if (warning.name === 'TimeoutOverflowWarning') count++;
  };
  process.on('warning', onWarning);
  await sleep(ms);
  process.off('warning', onWarning);
  return count;
}

describe("a lobby's pace", () => {
  test('a turn timer whose slow pace would not fit in a timer: the server does not start', () => {
    // As the server checks its configuration before it starts (startup.test.ts has the process's words).
    expect(() => checkConfig({ ...configFromEnv({}), turnTimerSeconds: 1_100_000 })).toThrow(
      'TURN_TIMER_SECONDS must be at most 1073741 (twice it, the slow pace, must fit in one timer of at most about 24.8 days), not 1100000: fix TURN_TIMER_SECONDS or unset it for the default',
    );
  });

  test('the longest turn timer that fits: the slow pace arms its clock once, with no overflow', async () => {
    const { ann, gameID } = await gameAt(1_073_741, 'slow');
    // The table is kept, its clock armed for the seats' first decision.
    await ann.client.games.state.query({ gameID });
    expect(await overflowsWithin(500)).toBe(0);
  });

  test('held: values and the pace cannot change once the game started, and only the host sets the pace', async () => {
    const server = await opened.start();
    const ann = await opened.signIn(server, 'Ann');
    const bob = await opened.signIn(server, 'Bob');
    const cat = await opened.signIn(server, 'Cat');
    const { id: lobbyID, serverSecretCommitment } = await ann.client.lobbies.create.mutate();
    await bob.client.lobbies.join.mutate({ lobbyID, value: 'bob sits' });
    expect(await refusal(bob.client.lobbies.setTurnPace.mutate({ lobbyID, pace: 'fast' }))).toEqual({ code: 'FORBIDDEN', message: 'Only the host can do that.' });
    expect(await refusal(bob.client.lobbies.setTurnPace.mutate({ lobbyID, pace: 'glacial' as 'slow' }))).toMatchObject({ code: 'BAD_REQUEST' });
    const { gameID } = await ann.client.lobbies.start.mutate({ lobbyID });
    expect(await refusal(bob.client.lobbies.contribute.mutate({ lobbyID, value: 'changed my mind' }))).toEqual({ code: 'CONFLICT', message: 'The game has already started.' });
    expect(await refusal(cat.client.lobbies.join.mutate({ lobbyID, value: 'late' }))).toEqual({ code: 'CONFLICT', message: 'The game has already started.' });
    expect(await refusal(ann.client.lobbies.setTurnPace.mutate({ lobbyID, pace: 'slow' }))).toEqual({ code: 'CONFLICT', message: 'The game has already started.' });
    const game = (await server.app.services.games.get(gameID))!;
    expect(game.seedContributions).toEqual([
      { userID: ann.userID, value: '' },
      { userID: bob.userID, value: 'bob sits' },
    ]);
    // Create's commitment is the one the game uses; the secret itself is nowhere in what players are sent.
    expect(game.serverSecretCommitment).toBe(serverSecretCommitment);
    const state = JSON.stringify(await bob.client.games.state.query({ gameID }));
    const lobby = JSON.stringify(await bob.client.lobbies.get.query({ lobbyID }));
    expect(state).not.toContain(game.serverSecret!);
    expect(lobby).not.toContain(game.serverSecret!);
  });
});
