/**
 * A stand-in for the web client's tRPC hooks (`src/web/lib/trpc.ts`), for component tests that
 * render the game screen with no server: every procedure's hooks at any depth, each query one that
 * has not answered, each mutation never sent, each subscription silent; but the game's settings
 * (`games.settings`) and the users named (`users.byIDs`), which answer with `stubbed.settings`
 * and `stubbed.users` once a test sets them (read at each render), and any query named in
 * `stubbed.answers` (its hook, `useQueries` asking for it, and `fetch` of the utilities, which
 * `stubbed.fetched` records; `useQueries` leaves out the queries not answered there), or refused
 * as named in `stubbed.refusals` (its hook answers with that error); any mutation named in
 * `stubbed.mutations`, which that function answers as the server would (a rejection for a
 * refusal). A subscription reports what `setSubscription` last set for it (its status, error and
 * reset), and its holder renders again at each change; `sendSubscriptionData` hands its holder's
 * `onData` a message, as the server's would be, and `endSubscription` calls its `onComplete`, as
 * the server ending it would. A test file replaces the client with it:
 *
 *   vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
 *
 * A file whose only replacement is that line shares its worker's modules with the others like it
 * (the `components-stand-in` project, vitest.config.ts), this module among them: the project's setup
 * (`tests/web/support/stand-ins.ts`) calls `resetStandIn` before each file, so that what one file
 * set is never another's.
 */
import { useSyncExternalStore } from 'react';

export interface StubSettings {
  showOddsToPlayers: boolean;
  turnTimerOn: boolean;
  turnTimerSeconds: number;
}

export interface StubUser {
  id: string;
  name: string;
  profilePictureURL: string | null;
}

/** What a subscription's hook returns (useSubscription's result, what the pages read of it). */
export interface StubSubscription {
  status: 'idle' | 'connecting' | 'pending' | 'error';
  error: { message: string; data: { code: string } } | null;
  reset: () => void;
}

/** A query's refusal as its hook reports it: the server's message and its tRPC code. */
export interface StubRefusal {
  message: string;
  data: { code: string };
}

/**
 * What the stub answers: the game's settings and the users named, or null for a query that has not
 * answered; other queries' answers by path ('games.state'), or their refusals; the paths fetched
 * through the utilities; the mutations sent, by path ('lobbies.start'): each called with the
 * mutation's input, its promise the mutation's answer.
 */
export const stubbed: {
  settings: StubSettings | null;
  users: StubUser[] | null;
  answers: Record<string, unknown>;
  refusals: Record<string, StubRefusal>;
  fetched: string[];
  mutations: Record<string, (input: never) => Promise<unknown>>;
} = fresh();

function fresh(): typeof stubbed {
  return { settings: null, users: null, answers: {}, refusals: {}, fetched: [], mutations: {} };
}

const subscriptions = new Map<string, StubSubscription>();
const subscribers = new Set<() => void>();
/** A subscription nobody set: silent, as a real one before it starts. */
const silent = { data: undefined };

/** What the subscription at `path` ('games.onGame') reports from now on; whoever holds it renders again. */
export function setSubscription(path: string, state: StubSubscription): void {
  subscriptions.set(path, state);
  for (const changed of subscribers) changed();
}

/** Each subscription's `onData`, as its holder last gave it. */
const dataListeners = new Map<string, (data: unknown) => void>();
/** Each subscription's `onComplete`, as its holder last gave it. */
const endListeners = new Map<string, () => void>();

/** Forgets everything a test set or a holder gave: the stand-in as a file first finds it. */
export function resetStandIn(): void {
  Object.assign(stubbed, fresh());
  subscriptions.clear();
  subscribers.clear();
  dataListeners.clear();
  endListeners.clear();
}

/** Hands the holder of the subscription at `path` a message (`onData`), as a server would send it. */
export function sendSubscriptionData(path: string, data: unknown): void {
  const onData = dataListeners.get(path);
  if (!onData) throw new Error(`nothing holds the subscription ${path}`);
  onData(data);
}

/** Ends the subscription at `path` as the server would (its holder's `onComplete`). */
export function endSubscription(path: string): void {
  const onComplete = endListeners.get(path);
  if (!onComplete) throw new Error(`nothing holds the subscription ${path} with an onComplete`);
  onComplete();
}

const subscribe = (changed: () => void) => {
  subscribers.add(changed);
  return () => subscribers.delete(changed);
};

/** A query's `refetch`: asks nothing more (what a test answers is read at each render). */
const refetch = () => Promise.resolve();
const answered = (data: unknown) => ({ data, isLoading: false, isPending: false, isError: false, error: null, refetch });
const refused = (error: StubRefusal) => ({ data: undefined, isLoading: false, isPending: false, isError: true, error, refetch });

/** A mutation's hook: sent to `stubbed.mutations` when the test set one for its path, else never sent. */
const mutation = (path: string) => () => {
  const send = (input: never) => stubbed.mutations[path]?.(input) ?? Promise.resolve();
  return { mutate: (input: never) => void send(input).catch(() => undefined), mutateAsync: send, isPending: false, isSuccess: false, isError: false, error: null };
};
const waiting = { data: undefined, isLoading: true, isPending: true, isError: false, error: null, refetch };

/** useQueries' builder (`t.ratings.ofUsers(input)`): each procedure called says its path. */
const queryNamer = (path: string): unknown =>
  new Proxy(() => ({ path }), { get: (_target, key) => queryNamer(path === '' ? String(key) : `${path}.${String(key)}`) });

const hooks = (path: string): Record<string, (...args: never[]) => unknown> => ({
  useQuery: () => {
    if (path === 'games.settings' && stubbed.settings !== null) return answered(stubbed.settings);
    if (path === 'users.byIDs' && stubbed.users !== null) return answered(stubbed.users);
    if (path in stubbed.answers) return answered(stubbed.answers[path]);
    const refusal = stubbed.refusals[path];
    if (refusal) return refused(refusal);
    return waiting;
  },
  // Only the queries a test answers: a hook that counts the others as loading would wait on them.
  useQueries: (build: (t: unknown) => { path: string }[]) => build(queryNamer('')).filter((query) => query.path in stubbed.answers).map((query) => answered(stubbed.answers[query.path])),
  useMutation: mutation(path),
  useSubscription: (_input?: unknown, options?: { onData?: (data: unknown) => void; onComplete?: () => void }) => {
    if (options?.onData) dataListeners.set(path, options.onData);
    if (options?.onComplete) endListeners.set(path, options.onComplete);
    return useSyncExternalStore(subscribe, () => subscriptions.get(path) ?? silent);
  },
  fetch: () => {
    stubbed.fetched.push(path);
    return path in stubbed.answers ? Promise.resolve(stubbed.answers[path]) : new Promise(() => undefined);
  },
});

/** The procedure at `path` (its hooks), or a router holding more. */
const node = (path: string): unknown =>
  new Proxy(() => undefined, {
    get: (_target, key) => {
      if (typeof key !== 'string') return node(path);
      const own = hooks(path);
      if (key in own) return own[key];
      if (key === 'useUtils') return () => node('');
      return node(path === '' ? key : `${path}.${key}`);
    },
  });

export const trpcStub = node('');
