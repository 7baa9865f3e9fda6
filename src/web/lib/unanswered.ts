/**
 * An error with no answer of the server's in it: the request never reached the server, or its
 * answer never came back (the connection dropped). A player reads that in words, not the browser's
 * "Failed to fetch"; what it means for the call (sent again, looked up) is the caller's. Its own
 * module, apart from the client (lib/trpc.ts), which component tests replace.
 */
import { TRPCClientError } from '@trpc/client';

export const unanswered = (error: unknown): boolean => error instanceof TRPCClientError && (error.data === undefined || error.data === null);
