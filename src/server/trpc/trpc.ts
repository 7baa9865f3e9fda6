/**
 * The procedure builders: public, authed (a signed-in user, narrowed in the context) and dev.
 * `errorFormatter` is tRPC's one error mapper: a ServiceError (services/errors.ts) becomes its
 * kind's code and HTTP status with its message and rule code; anything else unexpected is an
 * internal error whose message stays in the server's log (app.ts logs it, see `isUnexpected`).
 */
import { initTRPC, type TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { z } from 'zod';
import { describeInputProblem, HTTP_STATUS, INTERNAL_ERROR_MESSAGE, refusalOf, refuse } from '../services/errors.js';
import type { Context } from './context.js';
import type { UserRow } from '../db/schema.js';
import { requestRefusal, SUBSCRIBING_TOO_FAST } from '../services/services.js';
import { MAX_REQUESTS_IN_FLIGHT } from '../../shared/request-limits.js';

/** A failure no refusal explains: a bug or an outage, to be logged. */
export const isUnexpected = (error: TRPCError): boolean => error.code === 'INTERNAL_SERVER_ERROR' && refusalOf(error.cause) === null;

const t = initTRPC.context<Context>().create({
  // Subscriptions run over the websocket only (app.ts answers an HTTP one with 405): never an
  // open server-sent-events stream, which would keep a graceful shutdown waiting.
  sse: { enabled: false },
  errorFormatter({ shape, error }) {
    // Stack traces stay in the server's log: clients get the code and the message.
    const { stack: _stack, ...data } = shape.data;
    const refusal = refusalOf(error.cause);
    if (refusal) {
      return {
        ...shape,
        message: refusal.message,
        code: TRPC_ERROR_CODES_BY_KEY[refusal.kind],
        data: { ...data, code: refusal.kind, httpStatus: HTTP_STATUS[refusal.kind], ruleCode: refusal.code },
      };
    }
    if (isUnexpected(error)) return { ...shape, message: INTERNAL_ERROR_MESSAGE, data: { ...data, ruleCode: null } };
    // Input its schema refused: one sentence, as REST and /channel say it, not zod's list of issues as JSON.
    if (error.cause instanceof z.ZodError) return { ...shape, message: describeInputProblem(error.cause.issues, 'input'), data: { ...data, ruleCode: null } };
    return { ...shape, data: { ...data, ruleCode: null } };
  },
});

export const router = t.router;

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/**
 * Counts a subscription until its iteration ends (done, failed or stopped: tRPC's loop calls
 * `return` when it stops, and never `throw`). A wrapper of the iterator rather than an async
 * generator around it: a generator layer costs promise jobs on every message it delivers.
 */
function counted(iterable: AsyncIterable<unknown>, release: () => void): AsyncIterable<unknown> {
  return {
    [Symbol.asyncIterator]() {
      const inner = iterable[Symbol.asyncIterator]();
      const ended = (result: IteratorResult<unknown>) => {
        if (result.done) release();
        return result;
      };
      const failed = (error: unknown) => {
        release();
        throw error;
      };
      return {
        next: () => inner.next().then(ended, failed),
        return: (value?: unknown) => {
          release();
          return inner.return ? inner.return(value) : Promise.resolve({ done: true, value });
        },
      };
    },
  };
}

/** What a middleware is told of the call. */
interface Call {
  ctx: Context;
  type: 'query' | 'mutation' | 'subscription';
  signal: AbortSignal | undefined;
}

/**
 * At most MAX_SUBSCRIPTIONS_PER_SOCKET subscriptions per websocket (a websocket's context lives
 * as long as the socket): past it, one socket could make every change cost thousands of
 * deliveries, as /channel's own cap also prevents; and at most SUBSCRIPTIONS_PER_ADDRESS started
 * per address in any 10 seconds, /channel's included (each sends a whole value as it starts). And
 * at most MAX_REQUESTS_IN_FLIGHT queries and mutations unanswered per connection, and
 * REQUESTS_PER_ADDRESS made per address in any 10 seconds, REST and GraphQL included.
 */
async function capConnection<R extends { ok: boolean; data?: unknown }>({ ctx, type, signal }: Call, next: () => Promise<R>): Promise<R> {
  const { connection } = ctx;
  if (type !== 'subscription') {
    if (connection.inFlight >= MAX_REQUESTS_IN_FLIGHT) {
      throw refuse('TOO_MANY_REQUESTS', `Too many requests at once on this connection: at most ${MAX_REQUESTS_IN_FLIGHT}. Wait for the answers.`);
    }
    // Calls are counted as they come (a websocket's message, an HTTP request: socket-limits.ts,
    // http-calls.ts); a socket the server did not meter counts here, call by call.
    const tooMany = ctx.countedOnArrival ? null : requestRefusal(ctx.services.requests, ctx.address);
    if (tooMany) throw refuse('TOO_MANY_REQUESTS', tooMany);
    connection.inFlight += 1;
    try {
      return await next();
    } finally {
      connection.inFlight -= 1;
    }
  }
  const max = ctx.services.config.maxSubscriptionsPerSocket;
  // A refused subscription is answered at a call's cost, and its message was not counted as it
  // came (socket-limits.ts): it counts among the address's requests now, and past them the socket
  // is closed, as one sending calls it cannot be served is. Refusals counted nowhere were answered
  // without end (71,500 in 10 s to six anonymous sockets, none closed).
  const refused = (message: string): never => {
    const tooMany = requestRefusal(ctx.services.requests, ctx.address);
    if (tooMany) ctx.closeSocket?.(tooMany);
    throw refuse('TOO_MANY_REQUESTS', message);
  };
  if (connection.subscriptions >= max) refused(`Too many subscriptions on this connection: at most ${max}.`);
  if (!ctx.services.subscriptionStarts.take(ctx.address)) refused(SUBSCRIBING_TOO_FAST);
  connection.subscriptions += 1;
  let held = true;
  const release = () => {
    if (held) connection.subscriptions -= 1;
    held = false;
  };
  // A subscription stopped before it iterates never reaches `counted`'s finally.
  signal?.addEventListener('abort', release, { once: true });
  let result: R;
  try {
    result = await next();
  } catch (error) {
    // The sign-in check (authedProcedure) refuses by throwing here, not as a failed result.
    release();
    throw error;
  }
  if (result.ok && isAsyncIterable(result.data)) return { ...result, data: counted(result.data, release) };
  // Refused before it started (a resolver's own checks, as games.onGame's): a failed result.
  release();
  return result;
}

export const publicProcedure = t.procedure.use((call) => capConnection(call, () => call.next()));

/**
 * capConnection and the sign-in check in one middleware, not one after the other: each level of
 * tRPC's middleware chain copies the call's options twice (a dozen fields, with property
 * descriptors), and every move is a call through this chain.
 */
export const authedProcedure = t.procedure.use((call) =>
  capConnection(call, () => {
    if (!call.ctx.user) throw refuse('UNAUTHORIZED', 'You must be logged in.');
    // The procedures' context is this one, its user now known to be there: `next` is told so by
    // type alone. Given a context, tRPC would copy the whole one into a new object on every call.
    return call.next({ ctx: undefined as unknown as { user: UserRow } });
  }),
);

export const devProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.isDev) throw refuse('FORBIDDEN', 'Only developers can do that.');
  return next();
});
