/**
 * Text a person wrote (a name, a lobby's name, a chat message) is isolated from the words around it
 * (a `<bdi>`, `src/web/components/user-text.tsx`), wherever the site shows it beside its own: a
 * Hebrew or Arabic name took the punctuation and words next to it into its own direction, so
 * "אבי: שלום" in the chat drew the message to the left of the name, "סארה (you)" moved the
 * bracket, and a name ending in digits carried them across. Each place's name (and the chat's
 * message) is checked to be the whole of a `<bdi>` of its own; what the words say is unchanged.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ChatRoom } from '../../../src/web/chat/chat-room.js';
import { ChatRoomView } from '../../../src/web/chat/chat-room-view.js';
import { PlayerList } from '../../../src/web/history/players.js';
import type { PublicUser } from '../../../src/web/history/use-users.js';
import { EndOfGame } from '../../../src/web/game/presentation/end-of-game.js';
import { Winners } from '../../../src/web/game/presentation/winner-banner.js';
import { UserNames } from '../../../src/web/components/user-text.js';
import { Page as Settings } from '../../../src/web/pages/settings.js';
import { Page as Leaderboard } from '../../../src/web/pages/leaderboard.js';
import { Page as MyGames } from '../../../src/web/pages/my-games.js';
import { ProfileHeader } from '../../../src/web/profile/profile-header.js';
import { atPath } from '../support/at-path.js';
import { hostOf, lobbyFixture, seated } from '../support/lobby-fixture.js';
import { renderLobbyListPage } from '../support/lobby-list-page.js';
import { lobbyOf, lobbyView } from '../support/lobby-view.js';
import { botFinishedGame } from '../support/recorded-games.js';
import { screenState } from '../support/screen-state.js';
import { sendSubscriptionData, stubbed } from '../support/trpc-stub.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));

/** Names in Hebrew and Arabic, one ending in digits (which a right-to-left name carries with it). */
const AVI = 'אבי';
const SARA = 'سارة 2';
const HELLO = 'שלום לכולם';

afterEach(() => {
  cleanup();
  stubbed.answers = {};
  stubbed.users = null;
});

/**
 * Every element whose own words are `text`, by its tag: each a BDI when the text is isolated. Words
 * only a screen reader hears (`.mythos-visually-hidden`, a button's "Join Lobby Ann's table") are
 * drawn nowhere, and left out.
 */
const tagsOf = (text: string, root: HTMLElement = document.body) =>
  within(root)
    .getAllByText(text)
    .filter((element) => element.closest('.mythos-visually-hidden') === null)
    .map((element) => element.tagName);

describe('the chat', () => {
  test("the sender's name and the message are each isolated; the line's words are as before", () => {
    const room: ChatRoom = {
      room: 'lobby/l_1',
      title: 'Lobby Chat',
      messages: [{ id: 'm_1', room: 'lobby/l_1', senderID: 'u_avi', message: HELLO, spectator: false, createdAt: 0 }],
      nameOf: () => AVI,
      unread: 0,
      send: () => Promise.resolve(null),
      viewing: () => undefined,
    };
    render(<ChatRoomView room={room} />);
    expect(tagsOf(AVI)).toEqual(['BDI']);
    expect(tagsOf(HELLO)).toEqual(['BDI']);
    expect(document.querySelector('[data-chat-message]')!.textContent).toBe(`${AVI}: ${HELLO}`);
  });
});

describe('a lobby', () => {
  test("its page: the lobby's name, the host's and each seat's", () => {
    const host = hostOf('u_alma', SARA) as PublicUser;
    const lobby = lobbyOf([{ id: 'u_alma', name: SARA }, { id: 'u_avi', name: AVI }], { name: `${AVI}'s table`, host });
    render(lobbyView(lobby, { ...host, id: 'u_avi', name: AVI } as unknown as Parameters<typeof lobbyView>[1]));
    expect(tagsOf(`${AVI}'s table`)).toEqual(['BDI']);
    // "Hosted by سارة 2 · 2 of 8 seats taken" under the heading, "Waiting for سارة 2 to start the game.", and the seat.
    expect(tagsOf(SARA)).toEqual(['BDI', 'BDI', 'BDI']);
    expect(tagsOf(AVI)).toEqual(['BDI']);
  });

  test("the lobby list: the lobby's name, who sits there and its host", () => {
    renderLobbyListPage();
    const players = [seated('u_sara', SARA), seated('u_avi', AVI, { left: true })];
    act(() => sendSubscriptionData('lobbies.onList', { whole: [lobbyFixture({ id: 'l_sara', name: `${SARA} table`, host: hostOf('u_sara', SARA), players })] }));
    expect(tagsOf(`${SARA} table`)).toEqual(['BDI']);
    // Who sits there ("سارة 2, אבי (left)"), the host's column, and a phone's "by سارة 2" in its place.
    expect(tagsOf(SARA)).toEqual(['BDI', 'BDI', 'BDI']);
    expect(tagsOf(AVI)).toEqual(['BDI']);
    expect(screen.getByText(AVI).parentElement!.textContent).toBe(`${SARA}, ${AVI} (left)`);
  });
});

describe('the history and the people', () => {
  test("Your games' and a profile's players", () => {
    const user = (id: string, name: string) => ({ id, name, canSeeProfile: id === 'u_avi', isBot: false }) as PublicUser;
    render(atPath('/my-games', <PlayerList ids={['u_avi', 'u_sara']} usersByID={new Map([user('u_avi', AVI), user('u_sara', SARA)].map((u) => [u.id, u]))} />));
    expect(tagsOf(AVI)).toEqual(['BDI']);
    expect(tagsOf(SARA)).toEqual(['BDI']);
  });

  test("Your games' tables waiting to start: the lobby's name, its host and who sits there", () => {
    const person = (id: string, name: string) => ({ id, name, profilePictureURL: null, seedValue: null, left: false });
    const [sara, avi] = [person('u_sara', SARA), person('u_avi', AVI)];
    stubbed.answers = {
      'session.me': { id: 'u_avi', name: AVI },
      'lobbies.waiting': [{ id: 'l_sara', name: `${SARA} table`, host: sara, players: [sara, avi], status: 'open' }],
      'users.myGames': { games: [], total: 0, users: [] },
    };
    render(atPath('/my-games', <MyGames />));
    const section = screen.getByRole('region', { name: 'Waiting to start' });
    expect(tagsOf(`${SARA} table`, section)).toEqual(['BDI']);
    // "Hosted by سارة 2", and "2 of 8 seats taken: سارة 2, אבי".
    expect(tagsOf(SARA, section)).toEqual(['BDI', 'BDI']);
    expect(tagsOf(AVI, section)).toEqual(['BDI']);
    expect(within(section).getByTestId('waiting-seats').textContent).toBe(`2 of 8 seats taken: ${SARA}, ${AVI}`);
  });

  test("a profile's name", () => {
    render(atPath('/user/u_avi', <ProfileHeader user={hostOf('u_avi', AVI) as unknown as PublicUser} isMe />));
    expect(tagsOf(AVI)).toEqual(['BDI']);
  });

  test('the leaderboard', () => {
    const row = { userID: 'u_avi', name: AVI, place: 1, rating: 1600, provisional: false, games: 9, mu: 25, sigma: 3 };
    stubbed.answers = { 'session.me': { id: 'u_avi', name: AVI }, 'ratings.leaderboard': { rows: [row], total: 1, mine: row } };
    render(atPath('/leaderboard', <Leaderboard />));
    const table = screen.getByRole('region', { name: 'Rated players' });
    expect(tagsOf(AVI, table)).toEqual(['BDI']);
  });
});

describe('a game', () => {
  test("the end's standings", () => {
    const game = botFinishedGame();
    const [first, second] = game.players.map((p) => p.userID);
    render(atPath(`/game/${game.id}`, <EndOfGame state={screenState(game, first!, { [first!]: AVI, [second!]: SARA })} />));
    const standings = document.querySelector('table')!;
    expect(tagsOf(AVI, standings)).toEqual(['BDI']);
    expect(tagsOf(SARA, standings)).toEqual(['BDI']);
  });

  test("the end's title and banner: the winner's name, each of a tie's, isolated; nobody when every player forfeited", () => {
    const game = botFinishedGame();
    const [first, second] = game.players.map((p) => p.userID);
    const state = screenState(game, first!, { [first!]: AVI, [second!]: SARA });
    render(atPath(`/game/${game.id}`, <EndOfGame state={state} />));
    const title = screen.getByRole('heading', { level: 2 });
    const winner = game.winnerIDs[0] === first ? AVI : SARA;
    expect([title.textContent, tagsOf(winner, title)]).toEqual([` ${winner} wins!`, ['BDI']]);
    cleanup();
    const said = (winnerIDs: string[]) => render(<p data-testid="won"><Winners state={state} winnerIDs={winnerIDs} /> won!</p>).getByTestId('won');
    const tie = said([first!, second!]);
    expect([tie.textContent, [...tie.querySelectorAll('bdi')].map((name) => name.textContent)]).toEqual([`${AVI} and ${SARA} won!`, [AVI, SARA]]);
    cleanup();
    expect(said([]).textContent).toBe('Nobody won!');
    cleanup();
    // More than two, as any list in the site's words: commas, then 'and'.
    const three = render(<p data-testid="three"><UserNames names={[AVI, SARA, 'Cy']} /></p>).getByTestId('three');
    expect([three.textContent, three.querySelectorAll('bdi').length]).toEqual([`${AVI}, ${SARA} and Cy`, 3]);
  });
});

describe('the settings', () => {
  test('a new name, said back isolated', async () => {
    stubbed.answers['session.me'] = { id: 'u_avi', name: AVI, profilePictureURL: null, canChangeName: true };
    stubbed.mutations['session.rename'] = async () => ({ id: 'u_avi', name: SARA, profilePictureURL: null });
    render(atPath('/settings', <Settings />));
    fireEvent.change(screen.getByRole('textbox', { name: /New Name/ }), { target: { value: SARA } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const said = await screen.findByRole('status');
    expect([said.textContent, tagsOf(SARA, said)]).toEqual([`You are now ${SARA}.`, ['BDI']]);
  });
});
