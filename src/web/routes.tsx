/**
 * The routes of the site, each page code-split so the login, rules and card pages load fast.
 * Protected pages send anonymous visitors to `/?redirect={path}`; /dev is for developers only.
 */
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Layout } from './components/layout.js';
import { RouteError } from './pages/route-error.js';

/** A lazily loaded page module exporting `Page`. */
const page = (load: () => Promise<{ Page: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).Page }),
});

export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', ...page(() => import('./pages/home.js')) },
      { path: '/login', ...page(() => import('./pages/login.js')) },
      { path: '/lobby-list', ...page(() => import('./pages/lobby-list.js')) },
      { path: '/lobby/:lobbyID', ...page(() => import('./pages/lobby.js')) },
      { path: '/user/:userID', ...page(() => import('./pages/profile.js')) },
      { path: '/settings', ...page(() => import('./pages/settings.js')) },
      { path: '/game/:gameID', ...page(() => import('./pages/game.js')) },
      { path: '/all-cards', ...page(() => import('./pages/all-cards.js')) },
      { path: '/rules', ...page(() => import('./pages/rules.js')) },
      { path: '/dev', ...page(() => import('./pages/dev/index.js')) },
      { path: '/dev/game-history-list', ...page(() => import('./pages/dev/game-history-list.js')) },
      { path: '/dev/users', ...page(() => import('./pages/dev/users.js')) },
      { path: '*', ...page(() => import('./pages/not-found.js')) },
    ],
  },
]);
