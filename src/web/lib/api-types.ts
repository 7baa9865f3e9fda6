/** Shapes of the tRPC router's answers, inferred from its type (no server code is imported). */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/trpc/router.js';

type Outputs = inferRouterOutputs<AppRouter>;

export type Lobby = Outputs['lobbies']['get'];
export type PublicUser = NonNullable<Outputs['session']['me']>;
export type Definitions = Outputs['definitions']['get'];
export type ChatMessage = Outputs['chat']['send'];
