/**
 * A lobby's page, with the server's side stood in for (support/trpc-stub.ts: its calls' answers,
 * the lobby as its subscription sends it, and its end):
 * - its controls and who has them: the host's Start Game waits for a second player, saying so,
 *   and a start that fails says so and leaves the page in the lobby; Add Bot offers the bots a
 *   non-developer may add; a full table stops both Add Bot and Join, each saying why; a guest has
 *   none of the host's controls;
 * - a kick: the host's Kick, and the removed person told so and kept from Join;
 * - its options and modules: each says what it does (under the host's checkbox, in the title of
 *   everyone else's yes/no line); the host's boxes send the change, and the others read it once
 *   the lobby comes with it. A box the host ticks stays ticked from the click until the lobby
 *   comes back with it: the change's answer comes over HTTP before the lobby does over the
 *   websocket, and letting go at the answer showed the old state for a moment. A refused change
 *   lets go at once;
 * - around the lobby: 'Loading lobby...' until its data arrives; a host whose own Leave closes
 *   the lobby is taken to the list without ever being told it closed (the close reaches the page
 *   before the answer to the leave).
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Page as LobbyPage } from '../../../src/web/pages/lobby.js';
import { theme } from '../../../src/web/theme.js';
import { ALMA, BERT, SID, easyBots, lobbyOf, lobbyView } from '../support/lobby-view.js';
import { ShownAddress, shownPath } from '../support/shown-path.js';
import { endSubscription, sendSubscriptionData, setSubscription, stubbed } from '../support/trpc-stub.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));

afterEach(() => {
  cleanup();
  stubbed.mutations = {};
});

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
/** The words a control points at for why it waits (its aria-describedby). */
const whyItWaits = (control: HTMLElement) => document.getElementById(control.getAttribute('aria-describedby')!)?.textContent;

const HIDE_FAVOR_HINT = 'Favor and tribute tokens stay hidden until the game ends.';
const hideFavorBox = () => screen.getByLabelText<HTMLInputElement>('Hide favor');
/** A setting as someone who does not host reads it: its name, then yes or no. */
const line = (name: string) => document.querySelector(`[data-setting="${name}"]`)!;

describe("a lobby's Start Game and Add Bot", () => {
  test('alone, the host cannot start and is told what it waits for; Add Bot offers the bots anyone may add; with a second player, Start Game goes', () => {
    const { rerender } = render(lobbyView(lobbyOf([ALMA]), ALMA));
    expect(button('Start Game').disabled).toBe(true);
    expect(whyItWaits(button('Start Game'))).toBe('Add a bot or wait for a second player to start.');
    expect(Array.from(screen.getByLabelText<HTMLSelectElement>('Bot').options, (o) => o.textContent)).toEqual(['Easy Bot', 'Advanced Bot', 'Expert Bot']);
    rerender(lobbyView(lobbyOf([ALMA, BERT]), ALMA));
    expect(button('Start Game').disabled).toBe(false);
    expect(button('Start Game').getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText('Add a bot or wait for a second player to start.')).toBeNull();
  });

  test('a start that fails says so and stays in the lobby, until dismissed', async () => {
    const starts: unknown[] = [];
    stubbed.mutations['lobbies.start'] = (input) => {
      starts.push(input);
      return Promise.reject(new Error('Failed to fetch'));
    };
    render(lobbyView(lobbyOf([ALMA, BERT]), ALMA));
    fireEvent.click(button('Start Game'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Error adding calling lobby startFailed to fetch');
    expect(starts).toEqual([{ lobbyID: 'l_1' }]);
    expect(shownPath()).toBe('/lobby/l_1');
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test("the lobby's panels are regions named by their titles, each holding its own controls", () => {
    render(lobbyView(lobbyOf([ALMA, BERT]), ALMA));
    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby') && document.getElementById(region.getAttribute('aria-labelledby')!)?.textContent);
    expect(regions).toEqual(['Players', 'Modules', 'Game Options', 'Turn Timer', 'Fair Dice']);
    expect(within(screen.getByRole('region', { name: 'Players' })).getByText('Bert')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Game Options' })).getByLabelText('Hide favor')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Fair Dice' })).getByRole('button', { name: 'Use my value' })).toBeTruthy();
  });

  test('every seat taken: neither Add Bot nor Join can be pressed, and both say why', () => {
    const full = lobbyOf([ALMA, ...easyBots(7)]);
    render(lobbyView(full, ALMA));
    // The words as ever; the host's name is an element of its own in them (isolated: names-bidi).
    expect(screen.getAllByText('Alma', { selector: 'bdi' }).map((name) => name.parentElement!.textContent)).toContain('Hosted by Alma · 8 of 8 seats taken');
    expect(button('Add Bot').disabled).toBe(true);
    expect(whyItWaits(button('Add Bot'))).toBe('All 8 seats are taken.');
    cleanup();
    render(lobbyView(full, SID));
    expect(button('Join').disabled).toBe(true);
    expect(whyItWaits(button('Join'))).toBe('All 8 seats are taken.');
  });

  test("a guest has none of the host's controls", () => {
    render(lobbyView(lobbyOf([ALMA, BERT]), BERT));
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Start Game' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Bot' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Kick/ })).toEqual([]);
  });
});

describe('a kick', () => {
  test("the host's Kick beside a player asks the server to remove that player", () => {
    const kicks: unknown[] = [];
    stubbed.mutations['lobbies.kick'] = (input) => Promise.resolve(void kicks.push(input));
    render(lobbyView(lobbyOf([ALMA, BERT]), ALMA));
    // None beside the host's own seat.
    expect(screen.getAllByRole('button', { name: /^Kick/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Kick Bert']);
    fireEvent.click(button('Kick Bert'));
    expect(kicks).toEqual([{ lobbyID: 'l_1', playerID: 'u_bert' }]);
  });

  test('the removed person is told so, and not offered Join again, even once the notice is dismissed', () => {
    const { rerender } = render(lobbyView(lobbyOf([ALMA, BERT]), BERT));
    rerender(lobbyView(lobbyOf([ALMA], { sequenceID: 2 }), BERT));
    const notice = screen.getAllByRole('status').find((s) => s.textContent?.startsWith('You were removed from this lobby'));
    expect(notice?.textContent).toBe('You were removed from this lobbyThe host removed you, and you cannot join this lobby again.');
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
    fireEvent.click(within(notice!).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('You were removed from this lobby')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  test('Join sends a random value for the dice with the seat, and sends no other once seated with it', async () => {
    const sent: [string, unknown][] = [];
    stubbed.mutations['lobbies.join'] = (input) => Promise.resolve(void sent.push(['join', input]));
    stubbed.mutations['lobbies.contribute'] = (input) => Promise.resolve(void sent.push(['contribute', input]));
    const { rerender } = render(lobbyView(lobbyOf([ALMA]), BERT));
    await act(async () => fireEvent.click(button('Join')));
    expect(sent).toEqual([['join', { lobbyID: 'l_1', value: expect.stringMatching(/^[0-9a-f]{32}$/) }]]);
    // The lobby comes back with Bert seated and his value: nothing more is sent.
    const given = (sent[0]![1] as { value: string }).value;
    const seatedBert = lobbyOf([ALMA, BERT], { sequenceID: 2 });
    seatedBert.players[1]!.seedValue = given;
    await act(async () => rerender(lobbyView(seatedBert, BERT)));
    expect(sent.map(([call]) => call)).toEqual(['join']);
  });

  test("a page opened afresh offers Join, and shows the server's refusal in its words", async () => {
    stubbed.mutations['lobbies.join'] = () => Promise.reject(new Error('The host removed you from this lobby: you cannot join it again.'));
    render(lobbyView(lobbyOf([ALMA]), BERT));
    await act(async () => fireEvent.click(button('Join')));
    expect(screen.getByRole('alert').textContent).toBe('Error adding calling lobby joinThe host removed you from this lobby: you cannot join it again.');
  });
});

describe("a lobby's settings", () => {
  test("each option says what it does: under the host's checkbox, and in the title of the line everyone else reads", () => {
    render(lobbyView(lobbyOf([ALMA, BERT]), ALMA));
    expect(document.getElementById(hideFavorBox().getAttribute('aria-describedby')!)?.textContent).toBe(HIDE_FAVOR_HINT);
    cleanup();
    render(lobbyView(lobbyOf([ALMA, BERT]), BERT));
    expect(line('Hide favor').getAttribute('title')).toBe(HIDE_FAVOR_HINT);
    expect(line('Hide favor').textContent).toBe('Hide favorno');
  });

  test("the host's boxes send the change; the others read yes once the lobby comes with it", () => {
    const sent: unknown[] = [];
    stubbed.mutations['lobbies.setOption'] = (input) => Promise.resolve(void sent.push(input));
    stubbed.mutations['lobbies.setModule'] = (input) => Promise.resolve(void sent.push(input));
    render(lobbyView(lobbyOf([ALMA, BERT]), ALMA));
    fireEvent.click(hideFavorBox());
    fireEvent.click(screen.getByLabelText('Alternative Leaders'));
    expect(sent).toEqual([
      { lobbyID: 'l_1', option: 'hideFavor', value: true },
      { lobbyID: 'l_1', module: 'altleaders', enabled: true },
    ]);
    cleanup();
    const { rerender } = render(lobbyView(lobbyOf([ALMA, BERT]), BERT));
    expect(line('Alternative Leaders').textContent).toBe('Alternative Leadersno');
    rerender(lobbyView(lobbyOf([ALMA, BERT], { sequenceID: 2, options: { hideFavor: true }, modules: ['altleaders'] } as never), BERT));
    expect(line('Hide favor').textContent).toBe('Hide favoryes');
    expect(line('Alternative Leaders').textContent).toBe('Alternative Leadersyes');
  });

  test("the host's Pace sends the change; everyone else reads the pace and its time, in minutes from two; with the timer off there is no pace", async () => {
    const sent: unknown[] = [];
    stubbed.mutations['lobbies.setTurnPace'] = (input) => Promise.resolve(void sent.push(input));
    render(lobbyView(lobbyOf([ALMA, BERT], { turnTimerSeconds: 90 }), ALMA));
    const pace = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Pace' });
    expect(Array.from(pace.options, (o) => [o.value, o.textContent])).toEqual([['fast', 'Fast'], ['normal', 'Normal'], ['slow', 'Slow']]);
    await act(async () => fireEvent.change(pace, { target: { value: 'slow' } }));
    expect(sent).toEqual([{ lobbyID: 'l_1', pace: 'slow' }]);
    expect(screen.getByTestId('timer-length').textContent).toBe('Time for each decision: 90 s.');
    cleanup();
    const { rerender } = render(lobbyView(lobbyOf([ALMA, BERT], { turnPace: 'slow', turnTimerSeconds: 180 }), BERT));
    expect(screen.queryByRole('combobox', { name: 'Pace' })).toBeNull();
    expect(screen.getByTestId('timer-length').textContent).toBe('Slow pace. Time for each decision: 3 min.');
    rerender(lobbyView(lobbyOf([ALMA, BERT], { sequenceID: 2, turnPace: 'fast', turnTimerSeconds: 30 }), BERT));
    expect(screen.getByTestId('timer-length').textContent).toBe('Fast pace. Time for each decision: 30 s.');
    cleanup();
    render(lobbyView(lobbyOf([ALMA, BERT], { turnTimer: 'off', turnPace: 'fast' }), ALMA));
    expect(screen.queryByRole('combobox', { name: 'Pace' })).toBeNull();
    expect(screen.queryByTestId('timer-length')).toBeNull();
  });

  test('a ticked box stays ticked from the click, past the answer, until the lobby comes back with it; then shows the lobby', async () => {
    let answer!: () => void;
    stubbed.mutations['lobbies.setOption'] = () => new Promise<void>((resolve) => (answer = resolve));
    const { rerender } = render(lobbyView(lobbyOf([ALMA, BERT]), ALMA));
    expect(hideFavorBox().checked).toBe(false);
    fireEvent.click(hideFavorBox());
    expect(hideFavorBox().checked).toBe(true);
    // The answer comes first; the lobby as it was is still the one shown.
    await act(async () => answer());
    expect(hideFavorBox().checked).toBe(true);
    rerender(lobbyView(lobbyOf([ALMA, BERT], { sequenceID: 2, options: { hideFavor: true } } as never), ALMA));
    expect(hideFavorBox().checked).toBe(true);
    // Let go once the lobby had it: the box shows the lobby from then on.
    rerender(lobbyView(lobbyOf([ALMA, BERT], { sequenceID: 3, options: { hideFavor: false } } as never), ALMA));
    expect(hideFavorBox().checked).toBe(false);
  });

  test('a refused change unticks the box and says why', async () => {
    stubbed.mutations['lobbies.setOption'] = () => Promise.reject(new Error('Only the host can do that.'));
    render(lobbyView(lobbyOf([ALMA, BERT]), ALMA));
    await act(async () => fireEvent.click(hideFavorBox()));
    expect(hideFavorBox().checked).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe('Error adding calling lobby set_game_optionOnly the host can do that.');
  });
});

describe('around the lobby', () => {
  beforeEach(() => {
    stubbed.answers['session.me'] = ALMA;
    act(() => setSubscription('lobbies.onLobby', { status: 'pending', error: null, reset: () => undefined }));
  });

  function lobbyPage() {
    render(
      <MantineProvider theme={theme}>
        <MemoryRouter initialEntries={['/lobby/l_1']}>
          <Routes>
            <Route path="/lobby/:lobbyID" element={<LobbyPage />} />
            <Route path="*" element={null} />
          </Routes>
          <ShownAddress />
        </MemoryRouter>
      </MantineProvider>,
    );
  }

  test("says 'Loading lobby...' until the lobby's data arrives", () => {
    lobbyPage();
    expect(screen.getByText('Loading lobby...')).toBeTruthy();
    act(() => sendSubscriptionData('lobbies.onLobby', lobbyOf([ALMA])));
    expect(screen.queryByText('Loading lobby...')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("Alma's lobby");
  });

  test('the host leaving alone closes the lobby: taken to the list, never told it closed', async () => {
    let answer!: () => void;
    stubbed.mutations['lobbies.leave'] = () => new Promise<void>((resolve) => (answer = resolve));
    lobbyPage();
    act(() => sendSubscriptionData('lobbies.onLobby', lobbyOf([ALMA])));
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    // The lobby closes before the answer to the leave comes.
    act(() => endSubscription('lobbies.onLobby'));
    expect(screen.getByText('Leaving the lobby...')).toBeTruthy();
    expect(screen.queryByText('This lobby has closed')).toBeNull();
    await act(async () => answer());
    expect(shownPath()).toBe('/');
    expect(screen.queryByText('This lobby has closed')).toBeNull();
  });
});
