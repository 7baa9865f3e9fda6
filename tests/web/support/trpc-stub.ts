/**
 * A stand-in for the web client's tRPC hooks (`src/web/lib/trpc.ts`), for component tests that
 * render the game screen with no server: every procedure's hooks at any depth, each query one that
 * has not answered, each mutation never sent, each subscription silent; but the game's settings
 * (`games.settings`) and the users named (`users.byIDs`), which answer with `stubbed.settings`
 * and `stubbed.users` once a test sets them (read at each render). A test file
 * replaces the client with it:
 *
 *   vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('../support/trpc-stub.js')).trpcStub }));
 *
 * Each component test file has modules of its own, so `stubbed` is that file's alone.
 */
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

/** What the stub answers: the game's settings and the users named, or null for a query that has not answered. */
export const stubbed: { settings: StubSettings | null; users: StubUser[] | null } = { settings: null, users: null };

const answered = (data: unknown) => ({ data, isLoading: false, isPending: false, isError: false, error: null });

const mutation = () => ({ mutate: () => undefined, mutateAsync: () => Promise.resolve(), isPending: false, isSuccess: false, isError: false, error: null });
const waiting = { data: undefined, isLoading: true, isPending: true, isError: false, error: null };

const hooks = (path: string): Record<string, () => unknown> => ({
  useQuery: () => {
    if (path === 'games.settings' && stubbed.settings !== null) return answered(stubbed.settings);
    if (path === 'users.byIDs' && stubbed.users !== null) return answered(stubbed.users);
    return waiting;
  },
  useQueries: () => [],
  useMutation: mutation,
  useSubscription: () => ({ data: undefined }),
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
