/**
 * A lobby as the server sends it, the people who sit there or look at it, and its page body
 * (LobbyView) as the lobby's page renders it, for component tests: the site's theme and a router
 * at the lobby's address, with the path shown (support/shown-path.tsx). The test file replaces the
 * tRPC client with the stub (support/trpc-stub.ts), whose mutations it answers.
 */
import type { Definitions, Lobby, PublicUser } from '../../../src/web/lib/api-types.js';
import { LobbyView } from '../../../src/web/lobby/lobby-view.js';
import { atPath } from './at-path.js';
import { BOT_KINDS } from './bot-kinds.js';
import { hostOf, lobbyFixture, seated } from './lobby-fixture.js';
import { ShownAddress } from './shown-path.js';

const person = (id: string, name: string) => hostOf(id, name) as PublicUser;

/** The host, a guest at the table, and someone who only looks. */
export const ALMA = person('u_alma', 'Alma');
export const BERT = person('u_bert', 'Bert');
export const SID = person('u_sid', 'Sid');

/** The lobby `l_1`, Alma's, open unless said, with `players` in seat order (bots: id `bot_…`). */
export const lobbyOf = (players: { id: string; name: string }[], changes: Partial<Lobby> = {}): Lobby =>
  lobbyFixture({
    id: 'l_1',
    name: "Alma's lobby",
    host: ALMA,
    players: players.map((p) => seated(p.id, p.name, { seedValue: 'a1b2' })),
    options: { hideFavor: false },
    playerIDToBotType: players.filter((p) => p.id.startsWith('bot_')).map((p) => [p.id, 'easy_bot']),
    ...changes,
  });

/** Easy Bots 1 to `count`, to fill seats. */
export const easyBots = (count: number) => Array.from({ length: count }, (_, i) => ({ id: `bot_${i + 1}`, name: `Easy Bot ${i + 1}` }));

/**
 * What the page knows of the game: every bot kind as the server lists it (support/bot-kinds.ts),
 * one option and one module (the lobby's page takes them from here; their words are the page's).
 */
export const DEFINITIONS = {
  cardDefs: [],
  tributeCardDefs: [],
  modules: [{ key: 'altleaders', name: 'Alternative Leaders', state: 'enabled', description: 'Replaces the eight core leaders with eight new ones.' }],
  bots: BOT_KINDS,
  options: [{ key: 'hideFavor', default: false, devOnly: false }],
} as unknown as Definitions;

/** The lobby's page body for `viewer`; `leaving` and `onLeaving` as the page gives them. */
export function lobbyView(lobby: Lobby, viewer: PublicUser, { leaving = false, onLeaving = () => undefined }: { leaving?: boolean; onLeaving?: (leaving: boolean) => void } = {}) {
  return atPath(
    `/lobby/${lobby.id}`,
    <>
      <LobbyView lobby={lobby} user={viewer} definitions={DEFINITIONS} connected leaving={leaving} onLeaving={onLeaving} />
      <ShownAddress />
    </>,
  );
}
