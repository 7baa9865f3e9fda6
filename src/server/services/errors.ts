/**
 * The server's one error model. A refusal is a ServiceError: a kind (which each transport maps
 * to its own status or code), a message for people, and, for the engine's rule errors, the rule's
 * stable code. Every other thrown value is unexpected (a bug, a database outage): each transport's
 * one mapper logs it and answers its internal error, never "not found" and never a silent `null`.
 *
 * The mappers: tRPC's `errorFormatter` (trpc/trpc.ts), the HTTP error handler for REST and /auth
 * (http-errors.ts), GraphQL's payload formatter (compat/graphql.ts) and /channel's (compat/channel.ts).
 */
import { isIdLike, type RuleError } from '../../engine/index.js';

export type ServiceErrorKind = 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS';

export class ServiceError extends Error {
  override name = 'ServiceError';
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    /** A stable code (`bid/out-of-phase`, `game/not-found`) when the refusal has one. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

export const HTTP_STATUS: Record<ServiceErrorKind, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
};

export const refuse = (kind: ServiceErrorKind, message: string) => new ServiceError(kind, message);

/** A rule error from the engine: a bad request with its documented message (docs/protocol.md) and the rule's code. */
export const ruleRefusal = (error: Pick<RuleError, 'code' | 'message'>) => new ServiceError('BAD_REQUEST', error.message, error.code);

/**
 * "Game {id} not found." when the id asked for could be one, else `otherwise`. The id comes from
 * whoever asked, and the site's pages come from a link's path (/game/…, /lobby/…): a link to
 * `/game/Your account is suspended. Sign in again at …` showed that sentence, in the site's
 * own words, under the page's heading (tests/server/security-review-26.test.ts).
 */
const notFoundMessage = (what: string, id: string, otherwise: string): string => (isIdLike(id) ? `${what} ${id} not found.` : otherwise);

/** A game that does not exist, on every way into one (`GameService.openFor`, an action). */
export const gameNotFound = (gameID: string) => new ServiceError('NOT_FOUND', notFoundMessage('Game', gameID, 'Game not found: no game has that id.'), 'game/not-found');

/** A lobby that does not exist. */
export const lobbyNotFound = (lobbyID: string) => new ServiceError('NOT_FOUND', notFoundMessage('Lobby', lobbyID, 'Lobby not found: no lobby has that id.'));

/** A person (or bot) that does not exist. */
export const userNotFound = (userID: string) => new ServiceError('NOT_FOUND', notFoundMessage('User', userID, 'User not found: no one has that id.'));

/** What every transport says of an unexpected failure: nothing of its cause, which stays in the log. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side.';

/** The refusal an error is, or null if it is unexpected. */
export const refusalOf = (error: unknown): ServiceError | null => (error instanceof ServiceError ? error : null);

/**
 * Input that failed its schema, as one sentence: its first problem, and where ("Invalid ids: ...";
 * `whole` names the input itself, as each transport calls it: a request's body, a call's input).
 */
export function describeInputProblem(issues: readonly { path: readonly PropertyKey[]; message: string }[], whole: string): string {
  const issue = issues[0];
  if (!issue) return `Invalid ${whole}.`;
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : whole;
  return `Invalid ${field}: ${issue.message}`;
}

/**
 * A value a client sent, for an error message that names it: as JSON, cut after `max` characters.
 * Written a piece at a time and stopped once it is long enough, so a value of any size or depth
 * costs no more than its first `max` characters (`JSON.stringify` of an array nested 5,000 deep
 * overflowed the stack, and a 60,000-character string came back whole in the refusal).
 */
export function sentValue(value: unknown, max = 100): string {
  let text = '';
  const put = (piece: string): boolean => {
    text += piece;
    return text.length <= max;
  };
  const write = (v: unknown): boolean => {
    if (Array.isArray(v)) {
      if (!put('[')) return false;
      for (let i = 0; i < v.length; i++) if ((i > 0 && !put(',')) || !write(v[i])) return false;
      return put(']');
    }
    if (typeof v === 'object' && v !== null) {
      if (!put('{')) return false;
      let first = true;
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        if ((!first && !put(',')) || !put(`${JSON.stringify(key.slice(0, max + 1))}:`) || !write((v as Record<string, unknown>)[key])) return false;
        first = false;
      }
      return put('}');
    }
    if (typeof v === 'string') return put(JSON.stringify(v.slice(0, max + 1)));
    return put(JSON.stringify(v) ?? String(v));
  };
  write(value);
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
