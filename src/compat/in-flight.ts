/**
 * REST and GraphQL requests one address may have unanswered at once. Each request can be a
 * whole game's view or a GraphQL query at its cost limit: without a cap, one client sending them
 * in parallel multiplies that by as many connections as it opens. A client that waits for each
 * answer (the documented clients, the example client) never meets it. tRPC has the same cap per
 * connection (src/server/trpc/request-limits.ts).
 */
import type { FastifyInstance } from 'fastify';
import { clientAddress } from '../server/client-address.js';
import { OpenCounts } from '../server/open-counts.js';
import { MAX_REQUESTS_IN_FLIGHT } from '../server/trpc/request-limits.js';

export const API_IN_FLIGHT_REFUSAL = `Too many requests at once from your address: at most ${MAX_REQUESTS_IN_FLIGHT}. Wait for the answers.`;

export function capApiInFlight(app: FastifyInstance, trustProxy: boolean): void {
  const open = new OpenCounts();
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const address = clientAddress(request.raw, trustProxy);
    if (!open.take(address, MAX_REQUESTS_IN_FLIGHT)) {
      // Each API answers in its own shape: GraphQL's errors, or REST's { ok, error }.
      const body = request.url.startsWith('/api/graphql') ? { errors: [{ message: API_IN_FLIGHT_REFUSAL }] } : { ok: false, error: API_IN_FLIGHT_REFUSAL };
      return reply.code(429).send(body);
    }
    // 'close' comes once the answer is sent or the client has gone, whichever is first.
    reply.raw.once('close', () => open.release(address));
  });
}
