/**
 * The procedure builders: public, authed (a signed-in user, narrowed in the context) and dev.
 * Service and rule errors become tRPC errors here, in one place.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import type { RuleError } from '../../engine/index.js';
import { ServiceError } from '../services/errors.js';
import type { Context } from './context.js';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause as { ruleCode?: string } | undefined;
    return { ...shape, data: { ...shape.data, ruleCode: cause?.ruleCode ?? null } };
  },
});

export const router = t.router;

/** Turns a thrown ServiceError into the matching tRPC error. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof ServiceError) {
    throw new TRPCError({ code: result.error.cause.kind, message: result.error.cause.message });
  }
  return result;
});

export const publicProcedure = t.procedure.use(mapErrors);

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
