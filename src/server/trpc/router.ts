/** The app's one tRPC router; the web client imports only its type. */
import { chatRouter } from './routers/chat.js';
import { definitionsRouter } from './routers/definitions.js';
import { gamesRouter } from './routers/games.js';
import { lobbiesRouter } from './routers/lobbies.js';
import { ratingsRouter } from './routers/ratings.js';
import { replaysRouter } from './routers/replays.js';
import { sessionRouter } from './routers/session.js';
import { usersRouter } from './routers/users.js';
import { router } from './trpc.js';

export const appRouter = router({
  session: sessionRouter,
  users: usersRouter,
  definitions: definitionsRouter,
  lobbies: lobbiesRouter,
  games: gamesRouter,
  chat: chatRouter,
  ratings: ratingsRouter,
  replays: replaysRouter,
});

export type AppRouter = typeof appRouter;
