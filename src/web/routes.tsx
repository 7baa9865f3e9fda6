/**
 * The routes of the site, each page its own lazily loaded chunk so a page loads only its own code.
 * Which module renders which path, behind which guard, is the route table (route-table.ts), which
 * the build also reads to name each page's chunk in its HTML.
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
import { ROUTES, type FetchedFile, type RouteEntry } from './route-table.js';
import { loadRulesText } from './rules/rules-text.js';

type PageModule = { Page: React.ComponentType };

/**
 * Every page module's chunk, by file (the route table names them). The modules under pages/ that
 * are not pages are left out: a dynamic import of one would split it from the page that imports it.
 */
const PAGES = import.meta.glob<PageModule>(['./**/*.tsx', '!./route-error.tsx', '!./play-now.tsx'], { base: './pages' });

/** What loads each file a route fetches beside its chunk (RouteEntry.fetches). */
const FETCHES: Record<FetchedFile, () => Promise<void>> = { 'docs/rules.md': loadRulesText };

const GUARDS = { user: RequireUser, dev: RequireDev };

/**
 * A lazily loaded page module exporting `Page`, behind the route's access guard if it has one. The
 * guard comes with the page's chunk, so the chunk loads while the session is still being asked for.
 * The files the page fetches load at the same time as its chunk. (The build fails on a page of the
 * table that is not a module of pages/, vite.config.ts.)
 */
function page({ page, guard, fetches = [] }: RouteEntry) {
  const load = PAGES[`./${page}.tsx`]!;
  const Guard = guard && GUARDS[guard];
  const Page = lazy(async () => {
    const [{ Page }] = await Promise.all([load(), ...fetches.map((file) => FETCHES[file]())]);
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

const routes: [path: string, element: React.ReactElement][] = ROUTES.map((route) => [route.path, page(route)]);

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
