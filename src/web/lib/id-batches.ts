/**
 * The ids a page asks the server about (users, ratings), as the calls that ask: each distinct id
 * once, sorted (the same ids in another order are the same query, served from the cache), in
 * batches of at most the server's limit for one call.
 */
import { useMemo } from 'react';
import { MAX_IDS_PER_CALL } from '../../shared/request-limits.js';

export function useIDBatches(ids: readonly string[]): string[][] {
  return useMemo(() => {
    const unique = [...new Set(ids)].sort();
    const out: string[][] = [];
    for (let i = 0; i < unique.length; i += MAX_IDS_PER_CALL) out.push(unique.slice(i, i + MAX_IDS_PER_CALL));
    return out;
  }, [ids]);
}
