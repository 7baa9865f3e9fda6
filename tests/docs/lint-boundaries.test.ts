/**
 * Lint holds the layers docs/architecture.md describes: each rule is tried on a small tree of
 * probe files laid out like the repository (in a temporary folder, linted with the repository's
 * own configuration), so a rule that stops catching its case fails here.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const config = join(import.meta.dirname, '../../eslint.config.js');
let root: string;
let eslint: ESLint;

function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** The rules that fired on a probe file, each once. */
async function rulesOn(path: string): Promise<string[]> {
  const [result] = await eslint.lintFiles([join(root, path)]);
  return [...new Set(result!.messages.map((m) => m.ruleId ?? m.message))].sort();
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'mythos-lint-'));
  eslint = new ESLint({ cwd: root, overrideConfigFile: config });
  write('src/server/secret.ts', 'export const SECRET = 1;\nexport type Secret = number;\n');
  write('src/engine/rules.ts', 'export const RULE = 1;\n');
  write('src/engine/deep/upward.ts', "import { SECRET } from '../../server/secret.js';\nexport const x = SECRET;\n");
  write('src/engine/fine.ts', "import { RULE } from './rules.js';\nexport const y = RULE;\n");
  write('src/bots/upward.ts', "import { SECRET } from '../server/secret.js';\nexport const x = SECRET;\n");
  write('src/web/pages/value.ts', "import { SECRET } from '../../server/secret.js';\nexport const x = SECRET;\n");
  write('src/web/pages/types-only.ts', "import type { Secret } from '../../server/secret.js';\nexport const x: Secret = 1;\n");
  write(
    'src/web/pages/hooks.tsx',
    "import { useState } from 'react';\nexport function Page({ on }: { on: boolean }) {\n  if (on) {\n    const [n] = useState(0);\n    return <p>{n}</p>;\n  }\n  return null;\n}\n",
  );
  write(
    'src/web/lib/use-probe.ts',
    "import { useEffect, useState } from 'react';\nexport function useProbe(on: boolean, n: number): number {\n  if (on) useState(0);\n  useEffect(() => console.log(n), []);\n  return n;\n}\n",
  );
  write('src/compat/adapter.ts', 'export const ADAPTER = 1;\n');
  write('src/server/compat-value.ts', "import { ADAPTER } from '../compat/adapter.js';\nexport const x = ADAPTER;\n");
  write('src/server/app.ts', "import { ADAPTER } from '../compat/adapter.js';\nexport const x = ADAPTER;\n");
  write('src/cli/tournament.ts', "import { SECRET } from '../server/secret.js';\nexport const x = SECRET;\n");
  write('src/cli/pool.ts', "import { SECRET } from '../server/secret.js';\nexport const x = SECRET;\n");
  write('src/engine/node-module.ts', "import { createHash } from 'crypto';\nexport const hash = createHash;\n");
  write('src/engine/clock.ts', 'export const at = (): number => Date.now() + Math.random();\n');
  write('src/bots/node-module.ts', "import { readFileSync } from 'fs';\nexport const read = readFileSync;\n");
  write('src/bots/shared-value.ts', "import { LIMIT } from '../shared/limit.js';\nexport const x = LIMIT;\n");
  write('src/shared/limit.ts', 'export const LIMIT = 1;\n');
  write('src/shared/beside.ts', "import { LIMIT } from './limit.js';\nexport const twice = LIMIT * 2;\n");
  write('src/shared/engine-value.ts', "import { RULE } from '../engine/rules.js';\nexport const x = RULE;\n");
  write('src/engine/shapes.ts', 'export type Shape = { n: number };\n');
  write('src/shared/engine-type.ts', "import type { Shape } from '../engine/shapes.js';\nexport const x: Shape = { n: 1 };\n");
  write('src/shared/package.ts', "import { z } from 'zod';\nexport const schema = z.number();\n");
  write('src/shared/node-module.ts', "import { join } from 'node:path';\nexport const j = join;\n");
  write('src/cli/command.ts', 'export const COMMAND = 1;\n');
  write('src/web/page.ts', 'export const PAGE = 1;\n');
  write('src/server/cli-value.ts', "import { COMMAND } from '../cli/command.js';\nexport const x = COMMAND;\n");
  write('src/compat/web-value.ts', "import { PAGE } from '../web/page.js';\nexport const x = PAGE;\n");
  write('src/compat/cli-value.ts', "import { COMMAND } from '../cli/command.js';\nexport const x = COMMAND;\n");
  write('src/compat/server-value.ts', "import { SECRET } from '../server/secret.js';\nexport const x = SECRET;\n");
  write('src/cli/web-value.ts', "import { PAGE } from '../web/page.js';\nexport const x = PAGE;\n");
  write('src/cli/admin.ts', "import { SECRET } from '../server/secret.js';\nexport const x = SECRET;\n");
  write('src/web/pages/node-module.ts', "import { EventEmitter } from 'events';\nexport const E = EventEmitter;\n");
  write('src/web/pages/bot.ts', "import { BOT } from '../../bots/bot.js';\nexport const x = BOT;\n");
  write('src/bots/bot.ts', 'export const BOT = 1;\n');
  write('src/web/odds/odds-worker.ts', "import { BOT } from '../../bots/bot.js';\nexport const x = BOT;\n");
  write('src/web/pages/react-lazy.tsx', "import { lazy } from 'react';\nexport const Page = lazy(() => import('./page-chunk.js'));\n");
  write('src/web/pages/dom-link.tsx', "import { Link } from 'react-router-dom';\nexport const L = Link;\n");
  write('src/web/pages/router-link.tsx', "import { NavLink } from 'react-router';\nexport const L = NavLink;\n");
  write('src/web/pages/page-chunk.tsx', 'export default function Chunk() {\n  return <p>chunk</p>;\n}\n');
  write('src/web/pages/cycle-a.ts', "import { b } from './cycle-b.js';\nexport const a = (): number => b() + 1;\n");
  write('src/web/pages/cycle-b.ts', "import { a } from './cycle-a.js';\nexport const b = (): number => (a as unknown as number) ? 1 : 0;\n");
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('lint holds the architecture', () => {
  it('refuses an engine file importing the server, at any depth', async () => {
    expect(await rulesOn('src/engine/deep/upward.ts')).toEqual(['no-restricted-imports']);
    expect(await rulesOn('src/engine/fine.ts')).toEqual([]);
  });

  it('refuses a Node module in the engine, by its bare name too, and the clock and Math.random', async () => {
    expect(await rulesOn('src/engine/node-module.ts')).toEqual(['no-restricted-imports']);
    expect(await rulesOn('src/engine/clock.ts')).toEqual(['no-restricted-properties']);
  });

  it('refuses a bot importing the server, src/shared or a Node module (bots run in the browser too)', async () => {
    expect(await rulesOn('src/bots/upward.ts')).toEqual(['no-restricted-imports']);
    expect(await rulesOn('src/bots/shared-value.ts')).toEqual(['no-restricted-imports']);
    expect(await rulesOn('src/bots/node-module.ts')).toEqual(['no-restricted-imports']);
  });

  it('refuses src/shared importing anything from outside its folder but the engine\'s types', async () => {
    expect(await rulesOn('src/shared/engine-value.ts')).toEqual(['@typescript-eslint/no-restricted-imports']);
    expect(await rulesOn('src/shared/package.ts')).toEqual(['@typescript-eslint/no-restricted-imports']);
    expect(await rulesOn('src/shared/node-module.ts')).toEqual(['@typescript-eslint/no-restricted-imports']);
    expect(await rulesOn('src/shared/engine-type.ts')).toEqual([]);
    expect(await rulesOn('src/shared/beside.ts')).toEqual([]);
  });

  it('refuses any layer importing the CLI or the web client', async () => {
    for (const file of ['src/server/cli-value.ts', 'src/compat/web-value.ts', 'src/compat/cli-value.ts', 'src/cli/web-value.ts']) {
      expect(await rulesOn(file), file).toEqual(['no-restricted-imports']);
    }
    expect(await rulesOn('src/compat/server-value.ts')).toEqual([]);
  });

  it("refuses the server importing the protocol adapters but in app.ts, which mounts them", async () => {
    expect(await rulesOn('src/server/compat-value.ts')).toEqual(['no-restricted-imports']);
    expect(await rulesOn('src/server/app.ts')).toEqual([]);
  });

  it("refuses the CLI importing the server but in its admin commands and its worker pool", async () => {
    expect(await rulesOn('src/cli/tournament.ts')).toEqual(['no-restricted-imports']);
    expect(await rulesOn('src/cli/admin.ts')).toEqual([]);
    expect(await rulesOn('src/cli/pool.ts')).toEqual([]);
  });

  it('refuses a Node module or a bot in the web client, but lets the live odds worker run the bots', async () => {
    expect(await rulesOn('src/web/pages/node-module.ts')).toEqual(['@typescript-eslint/no-restricted-imports']);
    expect(await rulesOn('src/web/pages/bot.ts')).toEqual(['@typescript-eslint/no-restricted-imports']);
    expect(await rulesOn('src/web/odds/odds-worker.ts')).toEqual([]);
  });

  it('refuses a value import of server code in the web client, and allows its types', async () => {
    expect(await rulesOn('src/web/pages/value.ts')).toEqual(['@typescript-eslint/no-restricted-imports']);
    expect(await rulesOn('src/web/pages/types-only.ts')).toEqual([]);
  });

  it('refuses a hook called conditionally, in a component or in a hook of its own file', async () => {
    expect(await rulesOn('src/web/pages/hooks.tsx')).toEqual(['react-hooks/rules-of-hooks']);
    expect(await rulesOn('src/web/lib/use-probe.ts')).toEqual(['react-hooks/exhaustive-deps', 'react-hooks/rules-of-hooks']);
  });

  it("refuses React's lazy in the web client, which keeps a failed load for good (retryingLazy loads again)", async () => {
    expect(await rulesOn('src/web/pages/react-lazy.tsx')).toEqual(['@typescript-eslint/no-restricted-imports']);
    expect(await rulesOn('src/web/pages/page-chunk.tsx')).toEqual([]);
  });

  it("refuses react-router's links in the web client, from react-router-dom or react-router itself (src/web/components/link.tsx has none of their prefetching)", async () => {
    expect(await rulesOn('src/web/pages/dom-link.tsx')).toEqual(['@typescript-eslint/no-restricted-imports']);
    expect(await rulesOn('src/web/pages/router-link.tsx')).toEqual(['@typescript-eslint/no-restricted-imports']);
  });

  it('refuses an import cycle', async () => {
    expect(await rulesOn('src/web/pages/cycle-a.ts')).toEqual(['import-x/no-cycle']);
  });
});
