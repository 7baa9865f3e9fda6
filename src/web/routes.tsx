/**
 * The routes of the site, each page its own lazily loaded chunk so a page loads only its own code.
 * Protected pages send anonymous visitors to `/?redirect={path}`; /dev is for developers only.
 *
 * Declarative routes (`<Routes>` under a `<BrowserRouter>`, main.tsx) rather than a data router:
 * the site uses no loaders or actions, and the data router's code is 16 KB gzip of every page's
 * first load. Navigations run in a transition, so the page on screen stays until the next one's
 * chunk has arrived, as it did with the data router's lazy routes.
 */
import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { RequireDev, RequireUser } from './components/guards.js';
import { Layout } from './components/layout.js';
import { RouteErrorBoundary } from './pages/route-error.js';
import { loadRulesText } from './rules/rules-text.js';

type Guard = typeof RequireUser | typeof RequireDev;

/**
 * A lazily loaded page module exporting `Page`, behind the route's access guard if it has one. The
 * guard comes with the page's chunk, so the chunk loads while the session is still being asked for.
 */
function page(load: () => Promise<{ Page: React.ComponentType }>, Guard?: Guard) {
  const Page = lazy(async () => {
    const { Page } = await load();
    if (!Guard) return { default: Page };
    return {
      default: () => (
        <Guard>
          <Page />
        </Guard>
      ),
    };
  });
  return <Page />;
}

const routes: [path: string, element: React.ReactElement][] = [
  ['/', page(() => import('./pages/home.js'))],
  ['/login', page(() => import('./pages/login.js'))],
  ['/lobby-list', page(() => import('./pages/lobby-list.js'), RequireUser)],
  ['/lobby/:lobbyID', page(() => import('./pages/lobby.js'), RequireUser)],
  ['/user/:userID', page(() => import('./pages/profile.js'), RequireUser)],
  ['/settings', page(() => import('./pages/settings.js'), RequireUser)],
  ['/game/:gameID', page(() => import('./pages/game.js'), RequireUser)],
  ['/game/:gameID/replay', page(() => import('./pages/replay.js'), RequireUser)],
  ['/replay', page(() => import('./pages/replay-file.js'), RequireUser)],
  ['/leaderboard', page(() => import('./pages/leaderboard.js'), RequireUser)],
  ['/my-games', page(() => import('./pages/my-games.js'), RequireUser)],
  ['/all-cards', page(() => import('./pages/all-cards.js'))],
  // The rules' text is a file of its own, fetched at the same time as the page's chunk.
  ['/rules', page(() => Promise.all([import('./pages/rules.js'), loadRulesText()]).then(([module]) => module))],
  ['/dev', page(() => import('./pages/dev/index.js'), RequireDev)],
  ['/dev/game-history-list', page(() => import('./pages/dev/game-history-list.js'), RequireDev)],
  ['/dev/users', page(() => import('./pages/dev/users.js'), RequireDev)],
  ['*', page(() => import('./pages/not-found.js'))],
];

/** The routes in the site's layout, behind the error page; used inside main.tsx's BrowserRouter. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      {/* The first page's chunk loads before anything renders: that moment shows the page's
          background alone (a spinner would only flash). Later navigations keep the page shown. */}
      <Suspense fallback={null}>
        <Routes>
          <Route element={<Layout />}>
            {routes.map(([path, element]) => (
              <Route key={path} path={path} element={element} />
            ))}
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
