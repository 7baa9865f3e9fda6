#!/usr/bin/env node
// The `mythos` command: registers tsx's ESM loader in this process, then runs the TypeScript CLI
// (src/cli/main.ts). Worker threads register the loader for themselves (src/cli/pool.ts).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
