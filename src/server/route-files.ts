/**
 * The files of each page of the route table (src/web/route-table.ts) beyond the entry's, worked
 * out from Vite's build manifest: the build (vite.config.ts) writes them to dist/web/.vite/routes.json
 * and the server names them in each page's HTML (web-client.ts), so they load beside the entry
 * script rather than after it has run (docs/decisions.md).
 */
import type { Manifest } from 'vite';

/** What is read of a route of the table (src/web/route-table.ts's RouteEntry, which the server does not import). */
interface Route {
  path: string;
  page: string;
  fetches?: readonly string[];
}

/** Where the build writes the route files, in its output directory (not served). */
export const ROUTE_FILES = '.vite/routes.json';

export interface RouteFiles {
  /** A react-router path: `:name` is one segment. */
  path: string;
  /** The page's chunk and the chunks it imports that the entry does not, in the order they load. */
  modules: string[];
  /** The stylesheets of those chunks that the entry's are not, in the order the client adds them. */
  styles: string[];
  /** Files the page fetches as it loads (the rules' text). */
  fetches: string[];
  /** What the page's HTML draws of the page before its scripts run (src/web/page-frames.ts), if it has a top known without data. */
  frame?: string;
}

/**
 * Each route's files (the catch-all `*` has none: an unknown path gets the plain shell). `key`
 * turns a file of the repository into its manifest key (relative to Vite's root); `base` is
 * Vite's base URL; `frames` the HTML of the pages that have a frame, by page. Throws when a page
 * of the table is not a chunk of its own, or a fetched file is not in the build.
 */
export function routeFiles(routes: readonly Route[], manifest: Manifest, key: (file: string) => string, base = '/', frames: Readonly<Record<string, string>> = {}): RouteFiles[] {
  // Everything the entry loads is in index.html already.
  const inEntry = new Set<string>();
  const addEntry = (name: string) => {
    if (inEntry.has(name)) return;
    inEntry.add(name);
    for (const imported of manifest[name]?.imports ?? []) addEntry(imported);
  };
  for (const [name, chunk] of Object.entries(manifest)) if (chunk.isEntry) addEntry(name);
  const entryStyles = new Set([...inEntry].flatMap((name) => manifest[name]?.css ?? []));

  return routes
    .filter((route) => route.path !== '*')
    .map((route) => {
      const page = key(`src/web/pages/${route.page}.tsx`);
      if (!manifest[page]?.isDynamicEntry) throw new Error(`The route table's page ${route.page} (${route.path}) is not a chunk of its own in the build`);
      const modules: string[] = [];
      const styles: string[] = [];
      const seen = new Set<string>();
      // The page's chunk, then what it imports, depth first; each chunk's stylesheets after those
      // of what it imports: the order of Vite's preload helper.
      const visit = (name: string) => {
        if (seen.has(name) || inEntry.has(name)) return;
        seen.add(name);
        const chunk = manifest[name]!;
        modules.push(base + chunk.file);
        for (const imported of chunk.imports ?? []) visit(imported);
        for (const css of chunk.css ?? []) if (!entryStyles.has(css) && !styles.includes(base + css)) styles.push(base + css);
      };
      visit(page);
      const fetches = (route.fetches ?? []).map((file) => {
        const asset = manifest[key(file)];
        if (!asset) throw new Error(`The route table's file ${file} (${route.path}) is not in the build`);
        return base + asset.file;
      });
      const frame = frames[route.page];
      return { path: route.path, modules, styles, fetches, ...(frame === undefined ? {} : { frame }) };
    });
}
