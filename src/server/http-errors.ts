/**
 * The HTTP transport's one error mapper, for the REST compat routes, /auth and everything else
 * Fastify serves outside tRPC and GraphQL. A refusal (services/errors.ts) is answered with its
 * status and message (and its rule code when it has one); an error Fastify raised about the
 * request itself (a body that is not JSON, too large, of an unknown type) with its own status; and
 * anything else is logged and answered 500 (or the 5xx it carries) with a message that says
 * nothing of its cause.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_STATUS, INTERNAL_ERROR_MESSAGE, refusalOf } from './services/errors.js';

export interface HttpFailure {
  status: number;
  message: string;
  code: string | null;
}

export function httpFailure(error: unknown, request: FastifyRequest): HttpFailure {
  const refusal = refusalOf(error);
  if (refusal) return { status: HTTP_STATUS[refusal.kind], message: refusal.message, code: refusal.code };
  const status = (error as Partial<FastifyError> | null)?.statusCode ?? 500;
  if (status < 500) return { status, message: (error as Error).message, code: null };
  request.log.error({ err: error }, 'request failed');
  return { status, message: INTERNAL_ERROR_MESSAGE, code: null };
}

/** The app's error handler: `{ ok: false, error, code? }` as JSON. */
export function jsonErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, message, code } = httpFailure(error, request);
  return reply.code(status).send(code === null ? { ok: false, error: message } : { ok: false, error: message, code });
}

/**
 * For the /auth routes, whose refusals the login page shows as they are: a refusal as plain text; anything else as JSON like
 * everywhere else, so a body that is not JSON gets the same answer on every route.
 */
export function plainRefusalHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (!refusalOf(error)) return jsonErrorHandler(error, request, reply);
  const { status, message } = httpFailure(error, request);
  return reply.code(status).type('text/plain').send(message);
}
