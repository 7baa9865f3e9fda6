/**
 * What a blind player hears of a lobby as it changes: one out-of-sight log region, "Lobby news",
 * says each change once, in a short sentence: someone sitting down or leaving, a bot taking a seat
 * or removed, a Kick's result, a new host (an idle lobby handed to the next person seated), the
 * settings the host changes. Nothing when the page first shows the lobby,
 * nothing when the same lobby comes again, and nothing of the viewer's own doing that their
 * control shows (their own seat, the host's own settings). The lobby's line saying whom a guest
 * waits for is no live region: a new host is said once, by the news.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Lobby } from '../../../src/web/lib/api-types.js';
import { hostOf } from '../support/lobby-fixture.js';
import { ALMA, BERT, SID, easyBots, lobbyOf, lobbyView } from '../support/lobby-view.js';
import { stubbed } from '../support/trpc-stub.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));

afterEach(() => {
  cleanup();
  stubbed.mutations = {};
});

/** Each line the news region adds, in order, as a screen reader reads it (a line is read once, when added). */
function listener() {
  const heard: string[] = [];
  const seen = new Set<Element>();
  return {
    heard,
    /** The lines added since last asked. */
    listen(): string[] {
      const added = [...screen.getByRole('log', { name: 'Lobby news' }).querySelectorAll('p')].filter((p) => !seen.has(p));
      for (const p of added) seen.add(p);
      const words = added.map((p) => p.textContent ?? '');
      heard.push(...words);
      return words;
    },
  };
}

const [bot1, bot2] = easyBots(2);

describe("a lobby's news, heard by its host", () => {
  test('someone sitting down and leaving, a bot taking a seat, a Kick: each said once; the first sight, the same lobby again and the host\'s own settings say nothing', async () => {
    stubbed.mutations['lobbies.kick'] = () => Promise.resolve();
    const shown = (lobby: Lobby) => act(() => rerender(lobbyView(lobby, ALMA)));
    const { rerender } = render(lobbyView(lobbyOf([ALMA, BERT]), ALMA));
    const { heard, listen } = listener();
    expect(listen()).toEqual([]);
    shown(lobbyOf([ALMA, BERT, SID]));
    expect(listen()).toEqual(['Sid sat down.']);
    // The same lobby again (a new copy, nothing changed): nothing.
    shown(lobbyOf([ALMA, BERT, SID]));
    expect(listen()).toEqual([]);
    shown(lobbyOf([ALMA, BERT, SID, bot1!]));
    expect(listen()).toEqual(['Easy Bot 1 took a seat.']);
    shown(lobbyOf([ALMA, SID, bot1!]));
    expect(listen()).toEqual(['Bert left the table.']);
    // The host's Kick: the row goes with the person, and the news says who went.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Kick Sid' })));
    shown(lobbyOf([ALMA, bot1!]));
    expect(listen()).toEqual(['Sid was removed from the table.']);
    shown(lobbyOf([ALMA, bot2!]));
    expect(listen()).toEqual(['Easy Bot 1 was removed from the table. Easy Bot 2 took a seat.']);
    // The host's own settings: their box and their choice already show them.
    shown(lobbyOf([ALMA, bot2!], { options: { hideFavor: true }, turnTimer: 'on', turnPace: 'fast', turnTimerSeconds: 10 } as Partial<Lobby>));
    expect(listen()).toEqual([]);
    expect(heard).toEqual(['Sid sat down.', 'Easy Bot 1 took a seat.', 'Bert left the table.', 'Sid was removed from the table.', 'Easy Bot 1 was removed from the table. Easy Bot 2 took a seat.']);
  });
});

describe("a lobby's news, heard by a guest at the table", () => {
  test("the host's settings, a new host and the game starting, each said once; their own seat says nothing; the line of whom they wait for is no live region", () => {
    const { rerender } = render(lobbyView(lobbyOf([ALMA]), BERT));
    const { heard, listen } = listener();
    // Each lobby as it comes, and what is heard of it (the region keeps its last few lines).
    const shown = (lobby: Lobby) => {
      act(() => rerender(lobbyView(lobby, BERT)));
      return listen();
    };
    // Bert's own Join: his page shows him seated, with Leave.
    expect(shown(lobbyOf([ALMA, BERT]))).toEqual([]);
    expect(screen.getByTestId('waiting-for-host').closest('[role="status"], [role="log"], [role="alert"], [aria-live]')).toBeNull();
    const settings = (changes: Partial<Lobby>) => lobbyOf([ALMA, BERT], changes);
    shown(settings({ turnTimer: 'on', turnTimerSeconds: 60 }));
    shown(settings({ turnTimer: 'on', turnPace: 'fast', turnTimerSeconds: 20 }));
    shown(settings({ turnTimer: 'off', turnPace: 'fast', turnTimerSeconds: 20 }));
    shown(settings({ turnTimer: 'auto', turnPace: 'slow', turnTimerSeconds: 180 }));
    shown(settings({ turnTimer: 'auto', turnPace: 'slow', turnTimerSeconds: 180, options: { hideFavor: true } } as Partial<Lobby>));
    shown(settings({ turnTimer: 'auto', turnPace: 'slow', turnTimerSeconds: 180, options: { hideFavor: true }, modules: ['altleaders'], showOddsToPlayers: true } as Partial<Lobby>));
    expect(heard).toEqual([
      'The turn timer is on: 60 seconds a decision.',
      'The pace is fast: 20 seconds a decision.',
      'The turn timer is off: the game waits for every player.',
      'The turn timer is automatic: on with two or more people, 3 minutes a decision.',
      'Hide favor is on.',
      'Alternative Leaders is on. Show odds to players is on.',
    ]);
    heard.length = 0;
    // The idle lobby handed on: Alma left, Sid sat down and hosts it.
    const sid = hostOf(SID.id, SID.name);
    const kept = { turnTimer: 'auto', turnPace: 'slow', turnTimerSeconds: 180, options: { hideFavor: true }, modules: ['altleaders'], showOddsToPlayers: true } as Partial<Lobby>;
    expect(shown(lobbyOf([BERT, SID], { ...kept, host: sid } as Partial<Lobby>))).toEqual(['Alma left the table. Sid sat down. Sid is the host now.']);
    // The host starts: not said here, as the page moves to the game at once (a line added to a
    // region about to go is not heard); the game's page says it (game-news.test.tsx).
    expect(shown(lobbyOf([BERT, SID], { ...kept, host: sid, status: 'playing', game: { id: 'g_1', endTimestamp: null } } as Partial<Lobby>))).toEqual([]);
    expect(heard).toEqual(['Alma left the table. Sid sat down. Sid is the host now.']);
  });

  test('a lobby handed to the viewer says what hosting lets them do, once', () => {
    const { rerender } = render(lobbyView(lobbyOf([ALMA, BERT]), BERT));
    const { heard, listen } = listener();
    act(() => rerender(lobbyView(lobbyOf([BERT], { host: hostOf(BERT.id, BERT.name) } as Partial<Lobby>), BERT)));
    act(() => rerender(lobbyView(lobbyOf([BERT], { host: hostOf(BERT.id, BERT.name) } as Partial<Lobby>), BERT)));
    listen();
    expect(heard).toEqual(['Alma left the table. You are the host now: you add bots, choose the settings and start the game.']);
  });
});
