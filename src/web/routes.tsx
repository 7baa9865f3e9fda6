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
import { Suspense } from 'react';
import { retryingLazy } from './lib/retrying-lazy.js';
import { matchRoutes, Route, Routes, useLocation } from 'react-router-dom';
import { RequireDev, RequireUser } from './components/guards.js';
import { Layout } from './components/layout.js';
import { RouteErrorBoundary } from './pages/route-error.js';
import { ROUTES, type FetchedFile, type RouteEntry } from './route-table.js';
import { useTopOfNewPage } from './components/new-page.js';
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
 * A page module's `Page`, behind the route's access guard if it has one. The guard comes with the
 * page's chunk, so the chunk loads while the session is still being asked for. The files the page
 * fetches load at the same time as its chunk. (The build fails on a page of the table that is not
 * a module of pages/, vite.config.ts.)
 */
async function loadPage({ page, guard, fetches = [] }: RouteEntry): Promise<React.ComponentType> {
  const [{ Page }] = await Promise.all([PAGES[`./${page}.tsx`]!(), ...fetches.map((file) => FETCHES[file]())]);
  const Guard = guard && GUARDS[guard];
  if (!Guard) return Page;
  return () => (
    <Guard>
      <Page />
    </Guard>
  );
}

/** The first page's component, loaded before the first render (loadFirstPage). */
const firstPage: { route?: RouteEntry; component?: React.ComponentType } = {};

/**
 * Loads the page at `pathname` before React first renders, so that render does not suspend. A
 * first render that suspended committed the Suspense fallback (nothing), which took the HTML's
 * frame off the screen, and React then held the page back until 300 ms after that fallback (its
 * throttle for content that resolves after one): the lobby list's first row came at about 430 ms
 * on a desktop, with a blank moment before it. The page's chunk is already on its way (the HTML
 * preloads it). A page that fails to load here is left to the route's own lazy load and its error
 * page.
 */
export async function loadFirstPage(pathname: string): Promise<void> {
  const route = matchRoutes([...ROUTES], pathname)?.[0]?.route;
  if (!route) return;
  firstPage.component = await loadPage(route);
  firstPage.route = route;
}

/** The route's page: the one loaded before the first render, else loaded lazily on the way there. */
function page(route: RouteEntry) {
  const Lazy = retryingLazy(async () => ({ default: await loadPage(route) }));
  const Page = () => {
    const Loaded = firstPage.route === route ? firstPage.component : undefined;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return <Page />;
}

const routes: [path: string, element: React.ReactElement][] = ROUTES.map((route) => [route.path, page(route)]);

/** The routes in the site's layout, behind the error page; used inside main.tsx's BrowserRouter. */
export function AppRoutes() {
  const { pathname } = useLocation();
  useTopOfNewPage(pathname);
  return (
    <RouteErrorBoundary pathname={pathname}>
      {/* The first page is loaded before the first render (loadFirstPage), so nothing suspends
          then and the HTML's frame stays until the live page replaces it. Later navigations keep
          the page shown until the next one's chunk has arrived. */}
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
