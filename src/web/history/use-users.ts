/**
 * Resolves user ids to users through `users.byIDs` (at most 200 ids a call), so lists of games
 * can name their players. Ids the server does not know are simply absent from the map.
 */
import { useMemo } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/trpc/router.js';
import { trpc } from '../lib/trpc.js';
import { useIDBatches } from '../lib/id-batches.js';

export type PublicUser = inferRouterOutputs<AppRouter>['users']['byIDs'][number];

/** What a player with no user behind their id is called. */
export const UNKNOWN_USER = '(unknown-user)';

export function useUsers(ids: readonly string[], enabled = true): { usersByID: Map<string, PublicUser>; isLoading: boolean } {
  const batches = useIDBatches(ids);
  const results = trpc.useQueries((t) => batches.map((batch) => t.users.byIDs({ ids: batch }, { enabled, staleTime: 60_000 })));
  const usersByID = useMemo(() => new Map(results.flatMap((r) => r.data ?? []).map((u) => [u.id, u])), [results]);
  return { usersByID, isLoading: results.some((r) => r.isLoading) };
}

export const nameOf = (usersByID: Map<string, PublicUser>, id: string): string => usersByID.get(id)?.name ?? UNKNOWN_USER;
