/**
 * The roles as signed-in test clients, lobbies and games to put them in, and
 * refusals read back as plain values (tRPC code, HTTP status, message, rule code).
 */
import { TRPCClientError } from '@trpc/client';
import { anonymous, signInGuest, type Client, type Guest, type Server } from './support.js';

export interface Refusal {
  code: string;
  httpStatus: number | null;
  message: string;
  ruleCode: string | null;
}

export function refusalOf(error: unknown): Refusal {
  if (!(error instanceof TRPCClientError)) throw error;
  const data = (error.data ?? {}) as { code?: string; httpStatus?: number; ruleCode?: string | null };
  return { code: data.code ?? 'UNKNOWN', httpStatus: data.httpStatus ?? null, message: error.message, ruleCode: data.ruleCode ?? null };
}

/** The refusal a call ends with; fails the test if the call succeeds. */
export async function refused(call: Promise<unknown>): Promise<Refusal> {
  try {
    await call;
  } catch (error) {
    return refusalOf(error);
  }
  throw new Error('expected the call to be refused, but it succeeded');
}

export const LOGIN_REQUIRED = { code: 'UNAUTHORIZED', httpStatus: 401, message: 'You must be logged in.' } as const;
export const HOST_ONLY = { code: 'FORBIDDEN', httpStatus: 403, message: 'Only the host can do that.' } as const;
export const DEVELOPERS_ONLY = { code: 'FORBIDDEN', httpStatus: 403, message: 'Only developers can do that.' } as const;
export const GAME_STARTED = { code: 'CONFLICT', httpStatus: 409, message: 'The game has already started.' } as const;

/** A rule error of the engine: a 400 with the engine's message (docs/protocol.md, add_action) and the rule's stable code. */
export const ruleRefusal = (ruleCode: string, message: string) => ({ code: 'BAD_REQUEST', httpStatus: 400, message, ruleCode }) as const;

export interface Roles {
  anonymous: Client;
  /** Hosts lobbies and plays in their games. */
  host: Guest;
  /** Joins the host's lobbies: a non-host player. */
  member: Guest;
  /** Signed in but in no lobby or game: a spectator of the host's games. */
  outsider: Guest;
  /** A developer (isDev). */
  dev: Guest;
  close(): void;
}

export async function signInRoles(server: Server): Promise<Roles> {
  const [host, member, outsider, dev] = await Promise.all(['Hana', 'Milo', 'Olga', 'Dev'].map((name) => signInGuest(server, name)));
  await server.app.services.users.makeDev(dev!.userID);
  const anon = anonymous(server);
  return {
    anonymous: anon.client,
    host: host!,
    member: member!,
    outsider: outsider!,
    dev: dev!,
    close() {
      for (const guest of [host!, member!, outsider!, dev!]) guest.close();
      anon.close();
    },
  };
}

/** A new lobby hosted by `host`, joined by `members` in order. */
export async function openLobby(host: Guest, ...members: Guest[]): Promise<string> {
  const { id } = await host.client.lobbies.create.mutate();
  for (const member of members) await member.client.lobbies.join.mutate({ lobbyID: id });
  return id;
}

/** A started game of people only: nobody acts for them, so it waits in the first planning phase. */
export async function startedGame(host: Guest, ...members: Guest[]): Promise<{ lobbyID: string; gameID: string }> {
  const lobbyID = await openLobby(host, ...members);
  const { gameID } = await host.client.lobbies.start.mutate({ lobbyID });
  return { lobbyID, gameID };
}
