/**
 * How much REST and GraphQL work one address may ask for. Each request can be a whole game's view
 * or a GraphQL query at its cost limit:
 * - at most MAX_REQUESTS_IN_FLIGHT unanswered at once: without it, one client sending them in
 *   parallel multiplies that by as many connections as it opens;
 * - at most REQUESTS_PER_ADDRESS in any 10 seconds, tRPC's queries and mutations counted with
 *   them (trpc.ts): without it, a client that waits for each answer can still keep a core busy.
 * A client that waits for each answer at a person's pace (the documented clients, the example
 * client) never meets either. tRPC has the same in-flight cap per connection.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientAddress } from '../server/client-address.js';
import { OpenCounts } from '../server/open-counts.js';
import { requestRefusal } from '../server/services/services.js';
import type { RateLimit } from '../server/services/rate-limit.js';
import { MAX_REQUESTS_IN_FLIGHT } from '../shared/request-limits.js';

export const API_IN_FLIGHT_REFUSAL = `Too many requests at once from your address: at most ${MAX_REQUESTS_IN_FLIGHT}. Wait for the answers.`;

/**
 * The path a request is served by: the route the router matched, else the path as sent. Not the
 * URL as sent alone: the router decodes it first, so `/%61pi/graphql` reaches the GraphQL handler
 * while its raw URL does not start with `/api/` (it went uncounted until this read the route).
 */
function servedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url;
}

/** A 429 in the shape of the API asked: GraphQL's errors, or REST's { ok, error }. */
function refuse(request: FastifyRequest, reply: FastifyReply, message: string): FastifyReply {
  const body = servedPath(request).startsWith('/api/graphql') ? { errors: [{ message }] } : { ok: false, error: message };
  return reply.code(429).send(body);
}

export function capApiRequests(app: FastifyInstance, trustProxy: boolean, requests: RateLimit): void {
  const open = new OpenCounts();
  app.addHook('onRequest', async (request, reply) => {
    if (!servedPath(request).startsWith('/api/')) return;
    const address = clientAddress(request.raw, trustProxy);
    const tooMany = requestRefusal(requests, address);
    if (tooMany) return refuse(request, reply, tooMany);
    if (!open.take(address, MAX_REQUESTS_IN_FLIGHT)) return refuse(request, reply, API_IN_FLIGHT_REFUSAL);
    // 'close' comes once the answer is sent or the client has gone, whichever is first.
    reply.raw.once('close', () => open.release(address));
  });
}
