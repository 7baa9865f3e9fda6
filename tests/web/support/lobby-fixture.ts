/**
 * A lobby as the server sends it (`Lobby`), for component tests: an open table with no options,
 * modules, bots or game, its timer on 'auto' at 30 s; a test names what its lobby has besides.
 */
import type { Lobby } from '../../../src/web/lib/api-types.js';

/** A person at a lobby's table, as the lobby lists them. */
export const seated = (id: string, name: string, { seedValue = null as string | null, left = false } = {}) => ({ id, name, profilePictureURL: null, seedValue, left });

/** A person as the server describes them (`Lobby.host`, `session.me`), signed in, neither a developer nor a bot. */
export const hostOf = (id: string, name: string) => ({ id, name, profilePictureURL: null, subtitle: null, isDev: false, isBot: false, canSeeProfile: true, canChangeName: false, statsJSON: '{}' });

/** `lobby`'s fields over the defaults; each value as a test needs it (a lobby's options in part, say), its names the server's. */
export function lobbyFixture(lobby: { id: string; name: string; host: unknown; players: unknown[] } & Partial<Record<keyof Lobby, unknown>>): Lobby {
  return {
    sequenceID: 1,
    options: {},
    modules: [],
    playerIDToBotType: [],
    game: null,
    creationDate: 1_700_000_000_000,
    status: 'open',
    turnTimer: 'auto',
    turnPace: 'normal',
    turnTimerSeconds: 30,
    showOddsToPlayers: false,
    serverSecretCommitment: null,
    rematch: null,
    ...lobby,
  } as unknown as Lobby;
}
