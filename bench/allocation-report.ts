/**
 * What a sampled allocation profile (bench/allocation-sampler.mjs) says a move allocates: the
 * bytes in all, a move's share, and by where they were allocated: the package or server folder
 * the allocating function is in, the functions that allocated most themselves, and the server's
 * own functions with what they call (so those rows overlap).
 */
import fs from 'node:fs';

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

/** Where an allocation belongs: the first of these on its stack, from the allocating function up. */
const AREAS: [RegExp, string][] = [
  [/node_modules\/@trpc\//, 'tRPC'],
  [/node_modules\/ws\//, 'ws'],
  [/node_modules\/(better-sqlite3|pg|pg-protocol|pg-pool)\//, 'database driver'],
  [/node_modules\/kysely\//, 'kysely'],
  [/node_modules\/(pino|sonic-boom|thread-stream)\//, 'logging'],
  [/node_modules\/(fastify|find-my-way|light-my-request|avvio)\//, 'fastify'],
  [/node_modules\/zod\//, 'zod'],
  [/\/engine\//, 'engine'],
  [/\/server\/delivery\//, 'server: delivery'],
  [/\/server\/services\//, 'server: services'],
  [/\/server\/trpc\//, 'server: tRPC procedures'],
  [/\/(server|compat|shared)\//, 'server: the rest'],
  [/^node:/, 'Node'],
];

const frameName = ({ functionName, url, lineNumber }: ProfileNode['callFrame']) =>
  `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|dist|src)\//, '$1/')}:${lineNumber + 1}`;

export function printAllocations(file: string, moves: number): void {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { head: ProfileNode } | { error: string };
  if ('error' in profile) return console.log(`allocation profile failed: ${profile.error}`);
  const byArea = new Map<string, number>();
  const bySelf = new Map<string, number>();
  const byOurs = new Map<string, number>();
  const callers = new Map<string, Map<string, number>>();
  const add = (map: Map<string, number>, key: string, bytes: number) => map.set(key, (map.get(key) ?? 0) + bytes);
  let total = 0;
  // Each node with the stack above it (root first); a recursive function counts once a stack.
  const walk = (node: ProfileNode, stack: ProfileNode['callFrame'][]) => {
    const here = [...stack, node.callFrame];
    if (node.selfSize > 0) {
      total += node.selfSize;
      const name = frameName(node.callFrame);
      add(bySelf, name, node.selfSize);
      if (!callers.has(name)) callers.set(name, new Map());
      add(callers.get(name)!, here.length > 1 ? frameName(here[here.length - 2]!) : '(root)', node.selfSize);
      let area = 'other (V8, natives)';
      for (let i = here.length - 1; i >= 0; i--) {
        const hit = AREAS.find(([pattern]) => pattern.test(here[i]!.url));
        if (hit) {
          area = hit[1];
          break;
        }
      }
      add(byArea, area, node.selfSize);
      // A stack starts at the last await: an async caller's callees count for what it ran since.
      const ours = here.filter((f) => /\/(server|compat|engine)\//.test(f.url) && !f.url.includes('node_modules'));
      for (const own of new Set(ours.map(frameName))) add(byOurs, own, node.selfSize);
    }
    for (const child of node.children) walk(child, here);
  };
  walk(profile.head, []);
  const show = (title: string, entries: Map<string, number>, n: number, withCallers = false) => {
    console.log(title);
    for (const [key, bytes] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, n)) {
      console.log(`${((100 * bytes) / total).toFixed(1).padStart(5)}%  ${(bytes / 1024 / moves).toFixed(2).padStart(6)} KB a move  ${key}`);
      if (!withCallers) continue;
      const top = [...callers.get(key)!].sort((a, b) => b[1] - a[1]).slice(0, 3);
      console.log(`         called from ${top.map(([caller, b]) => `${caller} ${((100 * b) / bytes).toFixed(0)}%`).join(', ')}`);
    }
  };
  console.log(`\nallocated while sampled: ${(total / 1024 / 1024).toFixed(0)} MB over ${moves} moves, ${(total / 1024 / moves).toFixed(1)} KB a move`);
  show('by area (the first package or server folder from the allocating function up):', byArea, 15);
  show('allocating functions (self), each with the callers it allocated most for:', bySelf, 25, true);
  show("the server's own functions, with what they call:", byOurs, 25);
}
