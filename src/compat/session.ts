/** Who is calling a compat route: auth/caller.ts's one lookup, as an HTTP call (the cookie only). */
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../server/auth/caller.js';
import type { UserRow } from '../server/db/schema.js';
import { refuse } from '../server/services/errors.js';
import type { Services } from '../server/services/services.js';

export async function userOf(services: Services, request: FastifyRequest): Promise<UserRow | null> {
  return (await callerOf(services, request, 'http')).user;
}

/** The signed-in user; anyone else is refused (401). */
export async function requireUser(services: Services, request: FastifyRequest): Promise<UserRow> {
  const user = await userOf(services, request);
  if (!user) throw refuse('UNAUTHORIZED', 'You must be logged in.');
  return user;
}
