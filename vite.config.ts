/**
 * The web client's build: Vite with React, rooted at src/web, built into dist/web (served by the
 * Fastify process, see src/server/web-client.ts). Each text file of the build is also written
 * gzip- and brotli-compressed beside itself, so the server sends compressed files without
 * compressing on every request. `npm run dev` proxies the API to a server on API_URL
 * (http://localhost:3000).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Manifest, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { ROUTE_FILES, routeFiles } from './src/server/route-files.js';
import { ROUTES } from './src/web/route-table.js';
import { PAGE_FRAMES } from './src/web/page-frames.js';

const api = process.env.API_URL ?? 'http://localhost:3000';
const outDir = path.resolve('dist/web');

/** Writes `.gz` and `.br` beside every compressible file of the build (in the outDir it was built into). */
function precompress(): Plugin {
  let built = outDir;
  return {
    name: 'mythos-precompress',
    apply: 'build',
    configResolved(resolved) {
      built = path.resolve(resolved.root, resolved.build.outDir);
    },
    closeBundle() {
      // Nothing was written when the build failed: its own error is the one to show.
      if (!fs.existsSync(built)) return;
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      // Not the build's own records (.vite: the manifest and the route files), which are not served.
      for (const file of walk(built).filter((f) => !path.relative(built, f).startsWith('.vite')).filter((f) => /\.(js|css|html|svg|json|txt|md)$/.test(f))) {
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }));
      }
    },
  };
}

/**
 * Puts the entry's stylesheets first among the head's requests, before the entry script and its
 * module preloads (Vite writes them last): no page paints before they arrive, not even the HTML's
 * own frame, and over HTTP/1.1's six connections a browser that finds a stylesheet eighth starts it
 * only once one of the seven scripts before it is done.
 */
function stylesheetsFirst(): Plugin {
  return {
    name: 'mythos-stylesheets-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        // Each tag with the line break and indent before it, so the lines move whole.
        const sheets = html.match(/\n\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        const firstScript = /\n\s*<script type="module"/;
        if (sheets.length === 0 || !firstScript.test(html)) return html;
        const rest = sheets.reduce((out, sheet) => out.replace(sheet, ''), html);
        const at = rest.search(firstScript);
        return rest.slice(0, at) + sheets.join('') + rest.slice(at);
      },
    },
  };
}

/**
 * Writes, for each path of the route table (src/web/route-table.ts), the files its page needs
 * beyond the entry's, read from Vite's manifest (src/server/route-files.ts): the server names them
 * in the HTML it sends for the path. Fails the build when a page of the table has no chunk.
 */
function writeRouteFiles(): Plugin {
  let root = '';
  let base = '/';
  let built = outDir;
  return {
    name: 'mythos-route-files',
    apply: 'build',
    configResolved(resolved) {
      root = resolved.root;
      base = resolved.base;
      built = path.resolve(resolved.root, resolved.build.outDir);
    },
    // Once the bundle is written, so Vite's manifest is complete (its stylesheets are added late).
    writeBundle(_options, bundle) {
      const emitted = bundle['.vite/manifest.json'];
      if (emitted?.type !== 'asset') return this.error('mythos-route-files needs build.manifest: true');
      const manifest = JSON.parse(String(emitted.source)) as Manifest;
      const key = (file: string) => path.relative(root, path.resolve(file)).split(path.sep).join('/');
      try {
        const routes = routeFiles(ROUTES, manifest, key, base, PAGE_FRAMES);
        fs.writeFileSync(path.join(built, ROUTE_FILES), `${JSON.stringify({ routes }, null, 2)}\n`);
      } catch (error) {
        this.error(error as Error);
      }
    },
  };
}

/**
 * Mantine's ScrollArea imports one hook from @floating-ui/react; that import resolves to
 * src/web/lib/merge-refs.ts instead, so pages with a Table or Modal but no popover do not load the
 * positioning library (see that file). Popovers, tooltips and menus still import floating-ui.
 */
function scrollAreaWithoutFloatingUI(): Plugin {
  const shim = path.resolve('src/web/lib/merge-refs.ts');
  return {
    name: 'mythos-scroll-area-merge-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && /@mantine\/core\/esm\/components\/ScrollArea\/ScrollArea\.mjs$/.test(importer)) return shim;
      return null;
    },
  };
}

/**
 * The site imports Mantine's stylesheets one component at a time (src/web/styles/mantine.ts). This
 * fails the build when a bundled Mantine component's CSS module has no stylesheet imported, so a
 * component newly used cannot render unstyled.
 */
function mantineStylesCheck(): Plugin {
  return {
    name: 'mythos-mantine-styles-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imported = new Set<string>();
      const needed = new Set<string>();
      for (const id of this.getModuleIds()) {
        const sheet = /@mantine\/core\/styles\/([\w-]+)\.css$/.exec(id);
        if (sheet) imported.add(sheet[1]!);
      }
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of Object.keys(chunk.modules)) {
          const module = /@mantine\/core\/esm\/.*\/(\w+)\.module\.mjs$/.exec(id);
          if (module) needed.add(module[1]!);
        }
      }
      const missing = [...needed].filter((name) => !imported.has(name));
      if (missing.length > 0) this.error(`Mantine styles not imported in src/web/styles/mantine.ts: ${missing.map((m) => `@mantine/core/styles/${m}.css`).join(', ')}`);
    },
  };
}

/** Tests a module's id against the Mantine folders named in `folders`: a component's, one of core's own, or a hook's. */
const mantine = (folders: string): RegExp => new RegExp(`@mantine[\\\\/](core[\\\\/]esm[\\\\/](components|core)|hooks[\\\\/]esm)[\\\\/](${folders})([\\\\/.]|$)`);

/**
 * Chunks by what they hold, where the bundler would otherwise cut Mantine into a file per
 * component: the lobby list named 24 scripts, a dozen of them under 2 KB, and Lighthouse's slow
 * phone, which opens six connections at a time, counted every one of them as holding up the
 * first paint (bench/RESULTS.md, "Fewer, larger chunks"). 'ui-kit' takes what its modules import
 * with them (`includeDependenciesRecursively`, the default): React, Mantine's core and the
 * controls nearly every page shows, in one file every page loads, with a few small modules pages share.
 * 'tables' takes its two components alone, so the game screen, which shares their small helpers,
 * does not load them (which Rolldown allows for modules, like these, that do nothing when loaded
 * but define).
 */
const UI_KIT = mantine('Alert|CloseButton|UnstyledButton|Button|Transition|Group|Badge|Input|InputBase|TextInput|DirectionProvider|utils[\\\\/]create-safe-context|use-merged-ref');
/**
 * Small modules of the site's own that two lazily loaded pages share and that would otherwise be a
 * chunk of a few hundred bytes, one more request on their first load: the lobby list and the
 * lobby's page both name a table's pace, and they and the game's end seat a person with a value
 * for the dice, after keeping the commitment it follows (and a chat's read marks share that
 * record's storage). A page's `?redirect=` check and the batching of ids for a users query were
 * chunks of 129 and 222 bytes on the lobby list's first load. So were the isolation of a person's
 words and the viewer's "(you)" mark, which most pages show (127 and 239 bytes), and the reading
 of a link's hash the rules and the gallery share (151 bytes).
 */
const SHARED_SMALL = /src[\\/]web[\\/](lobby[\\/](pace-words|seat-value)|lib[\\/](commitment-memory|kept-record|redirect|id-batches|hash-target)|components[\\/](user-text|you-mark))\.tsx?$/;

const CHUNK_GROUPS = [
  { name: 'ui-kit', test: (id: string) => UI_KIT.test(id) || SHARED_SMALL.test(id) },
  { name: 'tables', test: mantine('Table|ScrollArea'), includeDependenciesRecursively: false },
];

export default defineConfig(({ command }) => {
  // A build is always the production build, even when started from a test run (vitest sets
  // NODE_ENV=test, which would otherwise bundle React's development build: +60 KB gzip).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});

/**
 * Lets the bundler leave out the react-router components this site never renders (Form, Await,
 * ScrollRestoration, and `Link`'s prefetching, with the code behind them): about 4 KB gzip of the
 * entry script, together with src/web/components/link.tsx. react-router's build makes each with a
 * top-level `React.forwardRef(...)` call that carries no pure annotation and then sets its
 * `displayName`; a bundler must keep a call it cannot prove harmless, and the property write too.
 * Both are harmless: `forwardRef` only wraps a function, and `displayName` only names a component
 * for React's developer tools, which read no production build. So in react-router's own files the
 * calls are marked pure and the names dropped (docs/decisions.md).
 */
function unusedRouterParts(): Plugin {
  const routerFile = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/;
  return {
    name: 'mythos-unused-router-parts',
    apply: 'build',
    transform(code, id) {
      if (!routerFile.test(id)) return null;
      return code.replace(/^\w+\.displayName = "\w+";$/gm, '').replace(/= (React\d*)\.forwardRef\(/g, '= /* @__PURE__ */ $1.forwardRef(');
    },
  };
}

const config = {
  root: 'src/web',
  publicDir: false,
  plugins: [unusedRouterParts(), react(), scrollAreaWithoutFloatingUI(), mantineStylesCheck(), stylesheetsFirst(), writeRouteFiles(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // Read by writeRouteFiles() (dist/web/.vite, which the server does not serve).
    manifest: true,
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': { target: api, ws: true, changeOrigin: false },
      '/auth': { target: api },
      '/api': { target: api },
    },
  },
} satisfies UserConfig;
