/**
 * The twenty-sixth security review, in the web client: what hostile content can make another
 * player's page do.
 *
 * - A replay file opened on /replay is anyone's: a stranger can hand one over as "the final" and
 *   name in it whichever game of this site they like (`setup.id`, or the saved game's own `id`).
 *   Its odds over the game were worked out and kept under that name, as the site's own game's are:
 *   in the page's memory, where the end of that game and its replay, opened next in the same tab,
 *   showed the file's chart and turning points as the real game's, and on the device
 *   (localStorage), where the real game's replay, opened any day after with as many steps, drew
 *   them again without asking. A file's odds are now its own: worked out under a key of their own,
 *   never kept on the device.
 * - The game a file names (`setup.id`) was said back whole in the site's own verdict on the file,
 *   the line beside the fair-dice check that tells whether the file is a game played here: "Checked
 *   against itself only: this site has no game g_x, the 2026 final as this site recorded it, every
 *   action the same, so nothing shows ...". A file whose `setup.id` no game of this site could have
 *   is refused as no replay file, as one whose id is not a string always was.
 * - A link's hash is the linker's: the card gallery and the rules page look for the section it
 *   names once they are drawn, with decodeURIComponent, and a hash that is not percent-encoding
 *   (`/all-cards#%`, `/rules#%E0`) threw out of that: the page gave way to "Unexpected
 *   Application Error! URI malformed". Such a hash now names the section as written.
 * - A link's module is the linker's too: `/all-cards?module=...` said "Module {key} not found"
 *   with whatever the link held, a sentence of the linker's in the site's own red alert ("Module
 *   — your account is suspended: sign in again at ... — not found"). A key is said back only when
 *   it could be one (a few letters, digits, dashes and underscores).
 */
import fs from 'node:fs';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Game } from '../../../src/engine/index.js';
import { checkReplay, type ReplayFile } from '../../../src/engine/replay-file.js';
import { recordOfReplayFile } from '../../../src/engine/replay-record.js';
import { replayOfRecord } from '../../../src/web/replay/use-replay.js';
import { useOddsTimeline, type OddsTimeline } from '../../../src/web/odds/odds-timeline.js';
import type * as OddsClient from '../../../src/web/odds/odds-client.js';
import { openOnReplayPage } from '../support/replay-file-page.js';
import { idsIn, openGallery } from '../support/gallery-page.js';
import { loadRulesText } from '../../../src/web/rules/rules-text.js';
import { Page as RulesPage } from '../../../src/web/pages/rules.js';
import { theme } from '../../../src/web/theme.js';
import { GAME_DEFINITIONS } from '../../../src/engine/data.js';
import { botGameFile } from '../support/recorded-games.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
// happy-dom runs no Web Worker: each step's odds are answered at once, even shares for every seat.
vi.mock('../../../src/web/odds/odds-client.js', async (original) => ({
  ...(await original<typeof OddsClient>()),
  acquireOdds: () => ({
    ask: (view: { sequenceID: number; players: { userID: string }[] }) =>
      Promise.resolve({ sequenceID: view.sequenceID, rollouts: 1, shares: Object.fromEntries(view.players.map((p) => [p.userID, 1 / view.players.length])) }),
    release: () => undefined,
  }),
}));

/** Every element observed is in view at once: the odds chart starts its work as soon as it is drawn. */
class AlwaysInView {
  constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    queueMicrotask(() => this.report([{ isIntersecting: true }]));
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', AlwaysInView);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** A two-seat game from `seed` played to its end by Easy Bots' choices: its replay file, and the game at each of its replay's moments. */
function botGame(seed: number, start: number): { file: ReplayFile; games: Game[] } {
  const file = botGameFile(seed, start);
  return { file, games: replayOfRecord(recordOfReplayFile(checkReplay(JSON.parse(JSON.stringify(file))))).moments.map((m) => m.game) };
}

/** What `useOddsTimeline` gives for a game of this site, as its end-of-game view and its replay ask. */
function siteTimeline(id: string, games: readonly Game[]): () => OddsTimeline | null {
  let seen: OddsTimeline | null = null;
  function Probe() {
    seen = useOddsTimeline(id, games, false);
    return null;
  }
  render(<Probe />);
  return () => seen;
}

describe('a replay file that names a game of this site', () => {
  test("works out its odds under its own name: the site's game shows none of them, in this tab or kept on the device", async () => {
    const start = Date.now();
    const site = botGame(11, start);
    const gameID = site.file.setup.id!;
    // The stranger's file: another game altogether, which names the site's.
    const forged = botGame(12, start).file;
    forged.setup.id = gameID;
    await openOnReplayPage(JSON.stringify(forged), 'final.json');
    await screen.findByTestId('replay-controls', {}, { timeout: 10_000 });
    // The file's chart is worked out (the progress line gives way to the chart).
    await vi.waitFor(() => expect(screen.queryByTestId('odds-chart-progress')).toBeNull(), { timeout: 10_000 });
    expect(Object.keys(window.localStorage).filter((key) => key.startsWith('mythosOddsChart'))).toEqual([]);
    // The site's own game, opened next in the same tab: nothing of its odds is worked out yet.
    const timeline = siteTimeline(gameID, site.games);
    expect(timeline()).toEqual({ points: [], done: 0, total: site.games.length });
  });
});

describe('a replay file whose setup.id is a sentence', () => {
  test("is refused: the site's verdict on a file never says the file's words", async () => {
    const forged = botGame(12, Date.now()).file;
    forged.setup.id = 'g_x, the 2026 final as this site recorded it, every action the same';
    await openOnReplayPage(JSON.stringify(forged), 'final.json');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toBe('This file cannot be shownThis is not a replay file: setup.id must be a game id (at most 64 letters, digits, dashes and underscores).');
    expect(screen.queryByTestId('site-record')).toBeNull();
  });
});

describe("a link's hash that is not percent-encoding", () => {
  test('leaves the card gallery drawn, every section in place', () => {
    openGallery('anonymous', '/all-cards#%');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(idsIn('leader')).toEqual(GAME_DEFINITIONS.cardDefs.filter((c) => c.affinity === 'Leader').map((c) => c.id));
  });

  test('leaves the rules drawn, every section in place', async () => {
    const text = fs.readFileSync('docs/rules.md', 'utf8');
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(text)));
    await loadRulesText();
    render(
      <MantineProvider theme={theme} env="test">
        <MemoryRouter initialEntries={['/rules#%E0']}>
          <RulesPage />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.getByRole('navigation', { name: 'Rules contents' })).toBeTruthy();
    expect(document.getElementById('fair-dice')).not.toBeNull();
  });
});

describe("a link's module", () => {
  test("is said back only when it could be a module's key: a sentence of the linker's is not", () => {
    const sentence = ' — Mythos support: your account is suspended. Sign in again at mythos-help.example to keep it —';
    openGallery('anonymous', `/all-cards?${new URLSearchParams([['module', sentence]])}`);
    expect(screen.getByRole('alert').textContent).toBe('No module of this site is called that: the link is mistyped or old.');
    cleanup();
    openGallery('anonymous', '/all-cards?module=no_such-module2');
    expect(screen.getByRole('alert').textContent).toBe('Module no_such-module2 not found');
  });
});
