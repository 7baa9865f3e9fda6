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
  write('src/web/pages/cycle-a.ts', "import { b } from './cycle-b.js';\nexport const a = (): number => b() + 1;\n");
  write('src/web/pages/cycle-b.ts', "import { a } from './cycle-a.js';\nexport const b = (): number => (a as unknown as number) ? 1 : 0;\n");
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('lint holds the architecture', () => {
  it('refuses an engine file importing the server, at any depth', async () => {
    expect(await rulesOn('src/engine/deep/upward.ts')).toEqual(['no-restricted-imports']);
    expect(await rulesOn('src/engine/fine.ts')).toEqual([]);
  });

  it('refuses a bot importing the server', async () => {
    expect(await rulesOn('src/bots/upward.ts')).toEqual(['no-restricted-imports']);
  });

  it('refuses a value import of server code in the web client, and allows its types', async () => {
    expect(await rulesOn('src/web/pages/value.ts')).toEqual(['@typescript-eslint/no-restricted-imports']);
    expect(await rulesOn('src/web/pages/types-only.ts')).toEqual([]);
  });

  it('refuses a hook called conditionally', async () => {
    expect(await rulesOn('src/web/pages/hooks.tsx')).toEqual(['react-hooks/rules-of-hooks']);
  });

  it('refuses an import cycle', async () => {
    expect(await rulesOn('src/web/pages/cycle-a.ts')).toEqual(['import-x/no-cycle']);
  });
});
