/**
 * The procedure builders: public, authed (a signed-in user, narrowed in the context) and dev.
 * Service and rule errors become tRPC errors here, in one place.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import type { RuleError } from '../../engine/index.js';
import { ServiceError } from '../services/errors.js';
import type { Context } from './context.js';

const t = initTRPC.context<Context>().create({
  // Subscriptions run over the websocket only (app.ts answers an HTTP one with 405): never an
  // open server-sent-events stream, which would keep a graceful shutdown waiting.
  sse: { enabled: false },
  errorFormatter({ shape, error }) {
    const cause = error.cause as { ruleCode?: string } | undefined;
    // Stack traces stay in the server's log: clients get the code and the message.
    const { stack: _stack, ...data } = shape.data;
    return { ...shape, data: { ...data, ruleCode: cause?.ruleCode ?? null } };
  },
});

export const router = t.router;

const fromService = (error: ServiceError) => new TRPCError({ code: error.kind, message: error.message });

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/** A subscription's deliveries, with a ServiceError thrown while iterating mapped as well. */
async function* mappedIteration(iterable: AsyncIterable<unknown>): AsyncGenerator<unknown> {
  try {
    yield* iterable;
  } catch (error) {
    throw error instanceof ServiceError ? fromService(error) : error;
  }
}

/**
 * Turns a thrown ServiceError into the matching tRPC error: from a query or mutation, and from a
 * subscription's body, which runs only once the caller iterates it (after this middleware).
 */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof ServiceError) throw fromService(result.error.cause);
  if (result.ok && isAsyncIterable(result.data)) return { ...result, data: mappedIteration(result.data) };
  return result;
});

/** Counts a subscription until its iteration ends. */
async function* counted(iterable: AsyncIterable<unknown>, release: () => void): AsyncGenerator<unknown> {
  try {
    yield* iterable;
  } finally {
    release();
  }
}

/**
 * At most MAX_SUBSCRIPTIONS_PER_SOCKET subscriptions per websocket (a websocket's context lives
 * as long as the socket): past it, one socket could make every change cost thousands of
 * deliveries, as /channel's own cap also prevents.
 */
const capSubscriptions = t.middleware(async ({ ctx, type, signal, next }) => {
  if (type !== 'subscription') return next();
  const { connection } = ctx;
  const max = ctx.services.config.maxSubscriptionsPerSocket;
  if (connection.subscriptions >= max) {
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: `Too many subscriptions on this connection: at most ${max}.` });
  }
  connection.subscriptions += 1;
  let held = true;
  const release = () => {
    if (held) connection.subscriptions -= 1;
    held = false;
  };
  // A subscription stopped before it iterates never reaches `counted`'s finally.
  signal?.addEventListener('abort', release, { once: true });
  const result = await next();
  if (result.ok && isAsyncIterable(result.data)) return { ...result, data: counted(result.data, release) };
  release();
  return result;
});

export const publicProcedure = t.procedure.use(mapErrors).use(capSubscriptions);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'You must be logged in.' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const devProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.isDev) throw new TRPCError({ code: 'FORBIDDEN', message: 'Only developers can do that.' });
  return next();
});

class RuleCause extends Error {
  constructor(readonly ruleCode: string, message: string) {
    super(message);
  }
}

/** A rule error from the engine, as a 400 carrying its stable code. */
export function ruleRefusal(error: RuleError | { code: string; message: string }): TRPCError {
  const code = error.code === 'game/not-found' ? 'NOT_FOUND' : 'BAD_REQUEST';
  return new TRPCError({ code, message: error.message, cause: new RuleCause(error.code, error.message) });
}
