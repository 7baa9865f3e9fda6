/**
 * The site's pages: each path, the module under src/web/pages that renders it, and its access
 * guard. Plain data with two readers: the client's router (routes.tsx) loads each page's chunk
 * from it, and the build (vite.config.ts) writes, for each path, the files of that page's chunk,
 * which the server names in the HTML it sends for the path (src/server/web-client.ts), so the
 * browser fetches them beside the entry script instead of after it has run.
 */
/** The files of the repository a page may fetch as it loads (each has its loader in routes.tsx). */
export type FetchedFile = 'docs/rules.md';

export interface RouteEntry {
  /** A react-router path: `:name` is one segment, `*` any other path. */
  path: string;
  /** The page's module, relative to src/web/pages and without its extension (it exports `Page`). */
  page: string;
  /** Protected pages send anonymous visitors to `/?redirect={path}`; developer pages send everyone else to `/`. */
  guard?: 'user' | 'dev';
  /**
   * Files of the repository the page fetches as it loads, besides its chunk: the route starts the
   * fetch together with the chunk, and the page's HTML preloads it.
   */
  fetches?: FetchedFile[];
}

export const ROUTES: readonly RouteEntry[] = [
  { path: '/', page: 'home' },
  { path: '/login', page: 'login' },
  { path: '/lobby-list', page: 'lobby-list', guard: 'user' },
  { path: '/lobby/:lobbyID', page: 'lobby', guard: 'user' },
  { path: '/user/:userID', page: 'profile', guard: 'user' },
  { path: '/settings', page: 'settings', guard: 'user' },
  { path: '/game/:gameID', page: 'game', guard: 'user' },
  { path: '/game/:gameID/replay', page: 'replay', guard: 'user' },
  { path: '/replay', page: 'replay-file', guard: 'user' },
  { path: '/leaderboard', page: 'leaderboard', guard: 'user' },
  { path: '/my-games', page: 'my-games', guard: 'user' },
  { path: '/all-cards', page: 'all-cards' },
  // The rules' text is a file of its own (rules/rules-text.ts), fetched at the same time as the page's chunk.
  { path: '/rules', page: 'rules', fetches: ['docs/rules.md'] },
  { path: '/dev', page: 'dev/index', guard: 'dev' },
  { path: '/dev/game-history-list', page: 'dev/game-history-list', guard: 'dev' },
  { path: '/dev/users', page: 'dev/users', guard: 'dev' },
  { path: '*', page: 'not-found' },
];
