/** Who is signed in: the one query every page reads (null when anonymous). */
import { trpc } from './trpc.js';

export function useSession() {
  const me = trpc.session.me.useQuery(undefined, { staleTime: Infinity });
  return { user: me.data ?? null, isLoading: me.isLoading, error: me.error };
}
