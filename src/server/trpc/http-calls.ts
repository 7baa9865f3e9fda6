/**
 * tRPC's HTTP requests, counted among their address's requests (REQUESTS_PER_ADDRESS) as they
 * come, before tRPC reads them: each call of a batch as one, as a websocket's calls are counted by
 * message (delivery/socket-limits.ts). Counted in the procedures' middleware (trpc.ts), a call
 * that never reached a procedure counted nowhere: a batch of 8 unknown procedures
 * (`/trpc/nope,nope,...`), a mutation asked for with GET, a batch whose input is not JSON, each
 * answered at a call's cost (1.5 to 2.6 ms of CPU for a batch of 8 unknowns). One address was
 * answered 842 such batches in 6 s, none refused (a security review, 2026-12-04).
 */
import type { FastifyInstance } from 'fastify';
import { getTRPCErrorShape, transformTRPCResponse, TRPCError, type AnyTRPCRootTypes, type TRPCRootConfig } from '@trpc/server';
import { clientAddress } from '../client-address.js';
import { refuse } from '../services/errors.js';
import { requestRefusal } from '../services/services.js';
import type { RateLimit } from '../services/rate-limit.js';

/** The HTTP requests whose calls were counted at the door. */
const counted = new WeakSet<object>();

/** Whether an HTTP call's request (fastify's) was counted at the door, so that its calls are not counted again. */
export const countedAtDoor = (request: object): boolean => counted.has(request);

/** The router decodes the paths it is given (`games%2Estate`, `/%74rpc`): so do the guards and counts. */
export function decodedOnce(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Counts every HTTP request to a tRPC procedure path, each call of it as one (a batch past
 * `maxBatchSize` as one: tRPC refuses it whole before running any of it). One past the address's
 * requests is answered 429 here, every call with the refusal in tRPC's own shape (`config`: the
 * router's, whose error formatter words it), before anything is looked up.
 */
export function countHttpCalls(fastify: FastifyInstance, requests: RateLimit, trustProxy: boolean, maxBatchSize: number, config: TRPCRootConfig<AnyTRPCRootTypes>): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.url?.startsWith('/trpc/')) return;
    const paths = decodedOnce((request.params as { path?: string }).path ?? '').split(',');
    const tooMany = requestRefusal(requests, clientAddress(request.raw, trustProxy), paths.length > maxBatchSize ? 1 : paths.length);
    counted.add(request);
    if (!tooMany) return;
    const error = new TRPCError({ code: 'TOO_MANY_REQUESTS', message: tooMany, cause: refuse('TOO_MANY_REQUESTS', tooMany) });
    const answer = (path: string) => ({ error: getTRPCErrorShape({ config, error, type: 'unknown', path, input: undefined, ctx: undefined }) });
    const batch = (request.query as { batch?: unknown }).batch !== undefined;
    return reply.code(429).send(transformTRPCResponse(config, batch ? paths.map(answer) : answer(paths[0]!)));
  });
}
