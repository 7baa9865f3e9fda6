/**
 * The `components-stand-in` project's setup, run before each of its files (vitest.config.ts): its
 * files share their worker's modules, the tRPC stand-in among them, so each starts from the
 * stand-in as nothing has set it.
 */
import { resetStandIn } from '../web/support/trpc-stub.js';

resetStandIn();
