/**
 * The `components-stand-in` project's setup, run before each of its files (vitest.config.ts). Its
 * files share their worker's modules, so each must see the same modules replaced whichever file
 * came first: a module one file replaced stays replaced, in the modules already loaded, for the
 * files after it, and a replacement made after the real module was loaded is never seen. So every
 * stand-in a file of the project may name (STAND_INS in module-replacement.ts) is made here for
 * all of them, and each file starts from them as nothing has set them.
 */
import { vi } from 'vitest';
import type * as OddsClient from '../../../src/web/odds/odds-client.js';
import { resetStandIn } from './trpc-stub.js';

vi.mock('../../../src/web/lib/trpc.js', async () => ({ trpc: (await import('./trpc-stub.js')).trpcStub }));
vi.mock('../../../src/web/game/presentation/synth.js', () => ({ playCue: () => undefined, unlockAudio: () => undefined, audioUnlocked: () => true }));
vi.mock('../../../src/web/odds/odds-client.js', async (original) => ({
  ...(await original<typeof OddsClient>()),
  acquireOdds: () => ({ ask: () => new Promise(() => undefined), release: () => undefined }),
}));

resetStandIn();
localStorage.clear();
sessionStorage.clear();
