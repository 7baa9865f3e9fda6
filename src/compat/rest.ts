/**
 * The documented REST calls, as thin adapters over the same services the tRPC
 * router uses: inputs checked with the same zod schemas, refusals with the documented messages. A
 * refusal is thrown, and answered by the app's one HTTP error mapper (server/http-errors.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { viewFor } from '../engine/index.js';
import { describeInputProblem, refuse, ruleRefusal, userNotFound } from '../server/services/errors.js';
import { tableView } from '../server/services/game-views.js';
import type { UserRow } from '../server/db/schema.js';
import { cardSetRefusal, historyListRefusal, stateReadRefusal, type Services } from '../server/services/services.js';
import { clientAddress } from '../server/client-address.js';
import { actionInput, addBotInput, contributeInput, joinInput, setModuleInput, setOptionInput, setTurnPaceInput, setTurnTimerInput } from '../server/trpc/schemas.js';
import { ratingHistory, ratingOf } from '../server/services/ratings.js';
import { requireUser, userOf } from './session.js';

type Params = { id: string };

/** The first problem zod found, as one sentence. */
export const describeZodError = (error: z.ZodError): string => describeInputProblem(error.issues, 'body');

function refuseInput(reply: FastifyReply, error: z.ZodError) {
  return reply.code(400).send({ ok: false, error: describeZodError(error) });
}

/** A service call's answer (its refusals propagate to the error mapper). */
async function answer(work: () => Promise<unknown>) {
  return (await work()) ?? { ok: true };
}

const addActionBody = z.object({ action: z.unknown().optional() });
const addBotBody = z.object({ bot_name: addBotInput.shape.botType });
const setOptionBody = z.object({ option: setOptionInput.shape.option, value: z.boolean() });
const setShowOddsBody = z.object({ value: z.boolean() });
const setTurnTimerBody = z.object({ value: setTurnTimerInput.shape.turnTimer });
const setTurnPaceBody = z.object({ value: setTurnPaceInput.shape.pace });
const setModuleBody = z.object({ module: setModuleInput.shape.module, enabled: z.boolean() });
const removePlayerBody = z.object({ player_id: z.string().min(1).max(64) });
const contributeBody = z.object({ value: contributeInput.shape.value });
/** No body, or the joiner's value for the dice with the seat. */
const joinBody = z.object({ value: joinInput.shape.value }).optional();
const historyQuery = z.object({ includeBots: z.enum(['0', '1', 'true', 'false']).optional(), userID: z.string().min(1).max(64).optional() });

/**
 * The protocol's reference client posts some calls (lobby/create) with a JSON content type and no body: here an
 * empty JSON body reads as no body; anything else goes through Fastify's own (safe) JSON parser.
 */
function acceptEmptyJson(scope: FastifyInstance): void {
  const json = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else json(request, body as string, done);
  });
}

export function registerRest(app: FastifyInstance, services: Services): void {
  void app.register(async (scope) => {
    acceptEmptyJson(scope);
    routes(scope, services);
  });
}

function routes(app: FastifyInstance, services: Services): void {
  app.get('/api/game_definitions', async (request) => {
    const user = await userOf(services, request);
    const tooMany = cardSetRefusal(services.requests, clientAddress(request.raw, services.config.trustProxy));
    if (tooMany) throw refuse('TOO_MANY_REQUESTS', tooMany);
    return services.definitionsFor(user !== null && services.users.isDev(user));
  });

  app.get<{ Params: Params }>('/api/game/:id/state', async (request) => {
    const user = await requireUser(services, request);
    const { game, viewer } = await services.games.openFor(request.params.id, user, services.users.isDev(user));
    const tooMany = stateReadRefusal(services.requests, clientAddress(request.raw, services.config.trustProxy), game.players.length);
    if (tooMany) throw refuse('TOO_MANY_REQUESTS', tooMany);
    // A player looking at their game is at the table.
    services.attendance.seen(game.id, user.id);
    // The table (who is here, each seat's deadline, stand-ins) beside the view's own fields.
    return { ...viewFor(game, viewer), ...tableView(services.attendance, game.id, services.now()) };
  });

  app.get<{ Params: Params }>('/api/user/:id/rating', async (request) => {
    await requireUser(services, request);
    const user = await services.users.get(request.params.id);
    if (!user) throw userNotFound(request.params.id);
    const db = services.db.kysely;
    return { rating: await ratingOf(db, user), history: user.bot_type === null ? await ratingHistory(db, user.id, 200) : [] };
  });

  app.get('/api/game_history_list', async (request, reply) => {
    await requireUser(services, request);
    const query = historyQuery.safeParse(request.query);
    if (!query.success) return refuseInput(reply, query.error);
    const includeBots = query.data.includeBots === '1' || query.data.includeBots === 'true';
    const games = await services.history.list({ includeBots, userID: query.data.userID ?? null });
    const tooMany = historyListRefusal(services.requests, clientAddress(request.raw, services.config.trustProxy), games.length);
    if (tooMany) throw refuse('TOO_MANY_REQUESTS', tooMany);
    return games;
  });

  app.post<{ Params: Params }>('/api/game/:id/add_action', async (request, reply) => {
    const user = await requireUser(services, request);
    const body = addActionBody.safeParse(request.body);
    if (!body.success) return refuseInput(reply, body.error);
    const result = await services.games.act(request.params.id, user.id, actionInput(body.data.action));
    if (!result.ok) throw ruleRefusal(result);
    return { ok: true, sequenceID: result.sequenceID };
  });

  app.post('/api/lobby/create', async (request) => {
    const user = await requireUser(services, request);
    return answer(() => services.lobbies.create(user, 'person', clientAddress(request.raw, services.config.trustProxy)));
  });

  /** A signed-in call on one lobby: its body checked by `schema`, then handed to the service. */
  const lobbyCall = <T>(action: string, schema: z.ZodType<T>, call: (user: UserRow, lobbyID: string, body: T, address: string) => Promise<unknown>) =>
    app.post<{ Params: Params }>(`/api/lobby/:id/${action}`, async (request, reply) => {
      const user = await requireUser(services, request);
      const body = schema.safeParse(request.body ?? {});
      if (!body.success) return refuseInput(reply, body.error);
      return answer(() => call(user, request.params.id, body.data, clientAddress(request.raw, services.config.trustProxy)));
    });

  const noBody = z.unknown();
  lobbyCall('add_bot', addBotBody, (user, id, body) => services.lobbies.addBot(id, user, body.bot_name));
  lobbyCall('start', noBody, async (user, id, _body, address) => ({ gameID: await services.lobbies.start(id, user, 'person', address) }));
  lobbyCall('set_game_option', setOptionBody, (user, id, body) => services.lobbies.setOption(id, user, body.option, body.value));
  lobbyCall('set_show_odds', setShowOddsBody, (user, id, body) => services.lobbies.setShowOdds(id, user, body.value));
  lobbyCall('set_turn_timer', setTurnTimerBody, (user, id, body) => services.lobbies.setTurnTimer(id, user, body.value));
  lobbyCall('set_turn_pace', setTurnPaceBody, (user, id, body) => services.lobbies.setTurnPace(id, user, body.value));
  lobbyCall('set_module', setModuleBody, (user, id, body) => services.lobbies.setModule(id, user, body.module, body.enabled));
  lobbyCall('join', joinBody, (user, id, body) => services.lobbies.join(id, user, 'person', body?.value ?? null));
  lobbyCall('remove_player', removePlayerBody, (user, id, body) => services.lobbies.removePlayer(id, user, body.player_id));
  lobbyCall('contribute', contributeBody, (user, id, body) => services.lobbies.contribute(id, user, body.value));
}
