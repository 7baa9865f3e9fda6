/**
 * The routes of the site, each page code-split so the login, rules and card pages load fast.
 * Protected pages send anonymous visitors to `/?redirect={path}`; /dev is for developers only.
 */
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireDev, RequireUser } from './components/guards.js';
import { Layout } from './components/layout.js';
import { RouteError } from './pages/route-error.js';

type Guard = typeof RequireUser | typeof RequireDev;

/** A lazily loaded page module exporting `Page`, behind the route's access guard if it has one. */
const page = (load: () => Promise<{ Page: React.ComponentType }>, Guard?: Guard): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const { Page } = await load();
    if (!Guard) return { Component: Page };
    return {
      Component: () => (
        <Guard>
          <Page />
        </Guard>
      ),
    };
  },
});

export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    // The first page's code-split module loads before anything renders: that moment shows the
    // page's background alone (a spinner would only flash), said here so the router need not warn.
    hydrateFallbackElement: <></>,
    children: [
      { path: '/', ...page(() => import('./pages/home.js')) },
      { path: '/login', ...page(() => import('./pages/login.js')) },
      { path: '/lobby-list', ...page(() => import('./pages/lobby-list.js'), RequireUser) },
      { path: '/lobby/:lobbyID', ...page(() => import('./pages/lobby.js'), RequireUser) },
      { path: '/user/:userID', ...page(() => import('./pages/profile.js'), RequireUser) },
      { path: '/settings', ...page(() => import('./pages/settings.js'), RequireUser) },
      { path: '/game/:gameID', ...page(() => import('./pages/game.js'), RequireUser) },
      { path: '/game/:gameID/replay', ...page(() => import('./pages/replay.js'), RequireUser) },
      { path: '/replay', ...page(() => import('./pages/replay-file.js'), RequireUser) },
      { path: '/leaderboard', ...page(() => import('./pages/leaderboard.js'), RequireUser) },
      { path: '/my-games', ...page(() => import('./pages/my-games.js'), RequireUser) },
      { path: '/all-cards', ...page(() => import('./pages/all-cards.js')) },
      { path: '/rules', ...page(() => import('./pages/rules.js')) },
      { path: '/dev', ...page(() => import('./pages/dev/index.js'), RequireDev) },
      { path: '/dev/game-history-list', ...page(() => import('./pages/dev/game-history-list.js'), RequireDev) },
      { path: '/dev/users', ...page(() => import('./pages/dev/users.js'), RequireDev) },
      { path: '*', ...page(() => import('./pages/not-found.js')) },
    ],
  },
]);
