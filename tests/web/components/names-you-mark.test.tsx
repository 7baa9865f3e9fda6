/**
 * The viewer's own "(you)" beside their name is a mark no name can make. A stranger may call
 * themselves "Bob (you)" (a name may hold brackets), and where the mark was text after the name
 * the stranger's line read exactly as the viewer's: in the replay's seat picker, whose options are
 * text ("Seat 2: Bob (you)"), and on the leaderboard. The mark is its own element now
 * (`[data-you]`, small and dimmed, outside the name's), and in the picker's text it stands before
 * the seat's colon, where a name never reaches: "Seat 1 (you): Bob", as the lobby's fair dice say
 * "Seat 1 (you):".
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type * as OddsClient from '../../../src/web/odds/odds-client.js';
import type { Lobby, PublicUser } from '../../../src/web/lib/api-types.js';
import { LobbyPlayers } from '../../../src/web/lobby/lobby-players.js';
import { Page as Leaderboard } from '../../../src/web/pages/leaderboard.js';
import { theme } from '../../../src/web/theme.js';
import { atPath } from '../support/at-path.js';
import { openReplay, playedReplay } from '../support/replay-page.js';
import { ANN, BOB } from '../support/screen-state.js';
import { stubbed } from '../support/trpc-stub.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
// happy-dom runs no Web Worker: the odds never answer, which this test does not read.
vi.mock('../../../src/web/odds/odds-client.js', async (original) => ({
  ...(await original<typeof OddsClient>()),
  acquireOdds: () => ({ ask: () => new Promise(() => undefined), release: () => undefined }),
}));

/** The viewer, and a stranger whose name ends as the viewer's mark does. */
const OWN = 'Bob';
const FAKE = 'Bob (you)';

afterEach(() => {
  cleanup();
  stubbed.answers = {};
  stubbed.users = null;
});

/** The viewer's marks in `root`: each `[data-you]`, with its words and whether a name's element holds it. */
const marksIn = (root: Element) => Array.from(root.querySelectorAll('[data-you]'), (mark) => ({ text: mark.textContent, inName: mark.closest('bdi') !== null }));

describe("the replay's seat picker and player summaries", () => {
  const { record, moments } = playedReplay();
  const step = moments.findIndex((m) => m.game.phase === 'PLANNING');

  beforeEach(() => {
    stubbed.answers = { 'replays.get': record, 'session.me': { id: ANN, name: OWN } };
    stubbed.users = [
      { id: ANN, name: OWN, profilePictureURL: null },
      { id: BOB, name: FAKE, profilePictureURL: null },
    ];
  });

  test('the viewer\'s seat reads "Seat N (you): Bob", the stranger\'s "Seat M: Bob (you)": no option reads as another\'s', async () => {
    const user = userEvent.setup();
    openReplay(record.id, step);
    await user.click(screen.getByRole('combobox', { name: 'See it through the eyes of' }));
    const seatOf = (id: string) => record.seats.findIndex((s) => s.userID === id) + 1;
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['A spectator', ...record.seats.map((s) => (s.userID === ANN ? `Seat ${seatOf(ANN)} (you): ${OWN}` : `Seat ${seatOf(BOB)}: ${FAKE}`))]);
    // Only the viewer's seat says "(you)" before its colon.
    expect(options.filter((text) => /^Seat \d+ \(you\):/.test(text ?? ''))).toEqual([`Seat ${seatOf(ANN)} (you): ${OWN}`]);
  });

  test("the viewer's summary has the mark, outside the name; the stranger's \"(you)\" is their name's", () => {
    openReplay(record.id, step);
    const own = document.querySelector(`.player-summary[data-player-id="${ANN}"]`)!;
    const stranger = document.querySelector(`.player-summary[data-player-id="${BOB}"]`)!;
    expect(marksIn(own)).toEqual([{ text: ' (you)', inName: false }]);
    expect(marksIn(stranger)).toEqual([]);
    expect(within(stranger as HTMLElement).getByText(FAKE).tagName).toBe('BDI');
  });
});

describe('the leaderboard', () => {
  test('the own row has the mark, outside the name\'s link; "Bob (you)" is a name, with no mark', () => {
    const row = (userID: string, name: string, place: number) => ({ userID, name, place, rating: 1600 - place, provisional: false, games: 9, mu: 25, sigma: 3 });
    const own = row('u_own', OWN, 1);
    stubbed.answers = {
      'session.me': { id: own.userID, name: OWN },
      'ratings.leaderboard': { rows: [own, row('u_fake', FAKE, 2)], total: 2, mine: own },
    };
    render(atPath('/leaderboard', <Leaderboard />));
    const table = screen.getByRole('region', { name: 'Rated players' });
    const [ownRow, fakeRow] = within(table).getAllByRole('row').slice(1);
    expect(marksIn(ownRow!)).toEqual([{ text: ' (you)', inName: false }]);
    expect(within(ownRow!).getByRole('link').textContent).toBe(OWN);
    expect(marksIn(fakeRow!)).toEqual([]);
    expect(within(fakeRow!).getByRole('link').textContent).toBe(FAKE);
    // The row's words as before: the name, then the mark.
    expect(ownRow!.textContent).toBe('#1Bob (you)15999');
  });
});

describe("a lobby's seats", () => {
  test('the viewer\'s role line has the mark; a seat named "Bob (you)" has none', () => {
    const viewer = { id: 'u_own', name: OWN } as PublicUser;
    const lobby = {
      host: { id: 'u_own', name: OWN },
      players: [
        { id: 'u_own', name: OWN },
        { id: 'u_fake', name: FAKE },
      ],
      playerIDToBotType: [],
    } as unknown as Lobby;
    render(
      <MantineProvider theme={theme}>
        <LobbyPlayers lobby={lobby} user={viewer} onKick={() => undefined} busy={false} />
      </MantineProvider>,
    );
    const [ownSeat, fakeSeat] = within(screen.getByRole('list', { name: 'Players' })).getAllByRole('listitem');
    expect(marksIn(ownSeat!)).toEqual([{ text: ' (you)', inName: false }]);
    expect(marksIn(fakeSeat!)).toEqual([]);
    expect(within(fakeSeat!).getByText(FAKE).tagName).toBe('BDI');
  });
});
