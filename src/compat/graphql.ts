/**
 * The compat GraphQL endpoint (graphql-helix over graphql 16): the queries,
 * answered from the same services as tRPC. Errors go in the standard `errors` array, mapped in
 * one place (`mappedErrors`): refusals keep their message, an unexpected failure is logged and
 * says only that something went wrong. A browser navigating to the endpoint gets GraphiQL.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { GraphQLError, buildSchema, execute, parse, specifiedRules, type ExecutionResult } from 'graphql';
import { getGraphQLParameters, processRequest, renderGraphiQL } from 'graphql-helix';
import { viewFor } from '../engine/index.js';
import type { UserRow } from '../server/db/schema.js';
import { clientAddress } from '../server/client-address.js';
import { httpFailure } from '../server/http-errors.js';
import { INTERNAL_ERROR_MESSAGE, refuse, refusalOf } from '../server/services/errors.js';
import { tableView } from '../server/services/game-views.js';
import type { LobbyView } from '../server/services/lobbies.js';
import { weightedReadRefusal, type Services } from '../server/services/services.js';
import {
  askingTooMuch,
  costRequests,
  documentCost,
  MAX_GAMES_PER_USER,
  MAX_TOKENS,
  MAX_USERS_PER_REQUEST,
  RENDERED_GAME_REQUESTS,
  RenderedBudget,
  renderingTooFast,
  validateWithinLimits,
} from './graphql-limits.js';
import { ratingsOf, type PublicRating } from '../server/services/ratings.js';
import { requireUser } from './session.js';

const schema = buildSchema(`
  "A player (or a bot's seat)."
  type User {
    id: ID!
    name: String!
    profilePictureURL: String
    subtitle: String
    isDev: Boolean!
    isBot: Boolean!
    canSeeProfile: Boolean!
    canChangeName: Boolean!
    statsJSON: String!
    "The user's rating: a person's moves with every finished game with a person in it; a bot's is fixed."
    rating: Rating!
    "The user's latest games, newest first."
    games(first: Int = 5): [GameSummary!]!
  }
  type Rating {
    "The number shown: 1500 for a new player."
    rating: Int!
    "Too few games for the number to mean much yet: shown with a question mark."
    provisional: Boolean!
    "Rated games played (0 for a bot, whose rating is fixed)."
    games: Int!
    "The model's belief about the skill (openskill, Weng-Lin Plackett-Luce): mean and standard deviation."
    mu: Float!
    sigma: Float!
  }
  type GamePlayer {
    user: User
    botType: String
    gameStatsJSON: String
  }
  type GameSummary {
    id: ID!
    startTimestamp: Float!
    endTimestamp: Float
    sequenceID: Int!
    players: [GamePlayer!]!
    "The game as the caller may see it, as JSON."
    renderedGame: String
    "Each person's seat at the table (bots have none), in seat order; empty once the game ended."
    seats: [Seat!]!
    "The server's clock when this was read (epoch ms): a seat's deadline is deadline - serverTime ms away."
    serverTime: Float!
  }
  "A person's seat at a game's table: the same as the seats of REST's state and /channel's game messages."
  type Seat {
    userID: ID!
    "here (the game is open and shown), away (open but hidden) or gone (not open anywhere)."
    presence: String!
    "When the seat's current decision falls to a stand-in bot (epoch ms, the server's clock); null without a running clock."
    deadline: Float
    "Why a bot plays or last played this seat (turn timer, no one connected, left); null when its player plays."
    standIn: String
    "Its player left the game: a bot plays the seat to the end, and it counts as a loss."
    left: Boolean!
  }
  type LobbyPlayer {
    id: ID!
    name: String!
    profilePictureURL: String
    "The value this person gave for the seed of the lobby's game (public once given); null: none yet, always for a bot."
    seedValue: String
  }
  type BotSeat {
    playerID: ID!
    botType: String!
  }
  type LobbyGame {
    id: ID!
    endTimestamp: Float
  }
  type Lobby {
    id: ID!
    sequenceID: Int!
    name: String!
    host: User!
    players: [LobbyPlayer!]!
    "The game options, as JSON."
    options: String!
    modules: [String!]!
    playerIDToBotType: [BotSeat!]!
    game: LobbyGame
    creationDate: Float!
    status: String!
    "Show odds to players: whether the seated players of the lobby's game see the live odds (spectators always do). Off by default."
    showOddsToPlayers: Boolean!
    "The turn timer: auto (on when the game seats two people or more), on or off."
    turnTimer: String!
    "How long each decision may take while the turn timer is on: fast, normal or slow."
    turnPace: String!
    "The time for each decision, in seconds, at the lobby's pace."
    turnTimerSeconds: Int!
    "The SHA-256 of the server's secret for the seed, shown before anyone gives a value; null for a lobby whose game started before lobbies had secrets."
    serverSecretCommitment: String
  }
  type Query {
    "The signed-in user: who the session cookie of this request belongs to (over HTTP a JWT signs in nothing)."
    me: User!
    user(id: ID!): User
    users(ids: [ID!]!): [User]!
    lobbies: [Lobby!]!
    lobby(id: ID!): Lobby
    "Developers only."
    devUsers: [User!]!
  }
`);

interface GraphContext {
  services: Services;
  viewer: UserRow;
  /** The address the request came from, whose request limit a costly field counts against. */
  address: string;
  rendered: RenderedBudget;
  ratings: RatingReads;
  /** This request's `lobbies`, made once however many aliases ask for them. */
  lobbies: Promise<ReturnType<typeof lobbyNode>[]> | null;
}

/**
 * One request's `User.rating`s, read together: the users asked for until the next turn of the
 * event loop in one query. The cost limit counts a field once per item, and a query of its own
 * for each made fifteen aliased users(ids) lists of 200 (3,000 ratings) 3,000 queries, well
 * within the limits; now they are one query a list at most.
 */
class RatingReads {
  private batch: { users: Map<string, UserRow>; read: Promise<Map<string, PublicRating>> } | null = null;

  constructor(private readonly services: Services) {}

  of(user: UserRow): Promise<PublicRating> {
    if (!this.batch) {
      const users = new Map<string, UserRow>();
      const read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        this.batch = null;
        return ratingsOf(this.services.db.kysely, [...users.values()]);
      });
      this.batch = { users, read };
    }
    this.batch.users.set(user.id, user);
    return this.batch.read.then((ratings) => ratings.get(user.id)!);
  }
}

function userNode(services: Services, row: UserRow) {
  const user = services.users.toPublicUser(row);
  return {
    ...user,
    rating: (_: unknown, ctx: GraphContext) => ctx.ratings.of(row),
    games: async ({ first }: { first: number }, ctx: GraphContext) => {
      const games = await services.history.recentGames(row.id, Math.max(0, Math.min(first, MAX_GAMES_PER_USER)));
      const users = new Map((await services.users.getMany(games.flatMap((g) => g.players.map((p) => p.userID)))).map((u) => [u.id, u]));
      return games.map((g) => ({
        ...g,
        players: g.players.map((p) => ({ user: users.has(p.userID) ? userNode(services, users.get(p.userID)!) : null, botType: p.botType, gameStatsJSON: p.gameStatsJSON })),
        // The table of a game whose state is refused (a developer module's, to a stranger) is
        // refused with it: who is there and their clocks are the game's too. A table this
        // instance does not hold is empty, and tells nothing.
        seats: async (_: unknown, ctx: GraphContext) => {
          const seats = services.attendance.seats(g.id);
          if (seats.length === 0) return seats;
          // Any copy will do (its players and modules never change): a cached one is not read again
          // (on PostgreSQL the latest state costs a read of the log, once per seats asked for).
          const game = await services.games.get(g.id, 0);
          if (game) services.games.viewerFor(game, ctx.viewer, services.users.isDev(ctx.viewer));
          return seats;
        },
        serverTime: () => services.now(),
        renderedGame: async () => {
          if (!services.requests.take(ctx.address, RENDERED_GAME_REQUESTS)) throw new GraphQLError(renderingTooFast(services.requests.limit));
          const game = await services.games.get(g.id);
          if (!game) return null;
          const view = viewFor(game, services.games.viewerFor(game, ctx.viewer, services.users.isDev(ctx.viewer)));
          return ctx.rendered.take(JSON.stringify({ ...view, ...tableView(services.attendance, game.id, services.now()) }));
        },
      }));
    },
  };
}

function lobbyNode(services: Services, lobby: LobbyView, hostRow: UserRow | undefined) {
  return {
    ...lobby,
    host: hostRow ? userNode(services, hostRow) : lobby.host,
    options: JSON.stringify(lobby.options),
    playerIDToBotType: lobby.playerIDToBotType.map(([playerID, botType]) => ({ playerID, botType })),
  };
}

const root = {
  user: async ({ id }: { id: string }, { services }: GraphContext) => {
    const row = await services.users.get(id);
    return row ? userNode(services, row) : null;
  },
  users: async ({ ids }: { ids: string[] }, { services }: GraphContext) => {
    if (ids.length > MAX_USERS_PER_REQUEST) throw new GraphQLError(`Ask for at most ${MAX_USERS_PER_REQUEST} users at a time.`);
    const rows = new Map((await services.users.getMany(ids)).map((u) => [u.id, u]));
    return ids.map((id) => (rows.has(id) ? userNode(services, rows.get(id)!) : null));
  },
  lobbies: (_: unknown, ctx: GraphContext) => {
    // The list is read once per change for every reader, as its watchers are sent it, and its
    // nodes made once a request: fifteen aliases of `lobbies` each read the list (30-40 ms of
    // CPU) and its 200 hosts again, 580 ms a request, and eight such requests at once held
    // everyone else's for seconds.
    ctx.lobbies ??= (async () => {
      const { services } = ctx;
      const lobbies = await services.lobbies.listFeed.latest();
      const hosts = new Map((await services.users.getMany(lobbies.map((l) => l.host.id))).map((u) => [u.id, u]));
      return lobbies.map((l) => lobbyNode(services, l, hosts.get(l.host.id)));
    })();
    return ctx.lobbies;
  },
  lobby: async ({ id }: { id: string }, { services }: GraphContext) => {
    // No such lobby is `null`, as the schema says; any other failure is an error, never a `null`.
    const lobby = await services.lobbies.find(id);
    return lobby ? lobbyNode(services, lobby, (await services.users.get(lobby.host.id)) ?? undefined) : null;
  },
  me: (_: unknown, { services, viewer }: GraphContext) => userNode(services, viewer),
  devUsers: async (_: unknown, { services, viewer }: GraphContext) => {
    if (!services.users.isDev(viewer)) throw new GraphQLError('Only developers can list users.');
    return (await services.users.list()).map((u) => userNode(services, u));
  },
};

/** A refusal in the standard GraphQL shape: `{ data: null, errors: [{ message }] }`. */
const graphQLRefusal = (message: string) => ({ data: null, errors: [{ message }] });

/**
 * The errors of a result as the caller may see them: GraphQL's own (syntax, validation, coercion),
 * a resolver's GraphQLError and a service's refusal keep their message; anything else a resolver
 * threw (a bug, a database outage) is logged and its message replaced.
 */
function mappedErrors(result: ExecutionResult, log: FastifyBaseLogger): ExecutionResult {
  if (!result.errors) return result;
  const errors = result.errors.map((error) => {
    const cause = error.originalError;
    if (cause === undefined || cause instanceof GraphQLError || refusalOf(cause)) return error;
    log.error({ err: cause, path: error.path }, 'GraphQL resolver failed');
    return new GraphQLError(INTERNAL_ERROR_MESSAGE, { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path });
  });
  return { ...result, errors };
}

/**
 * The quality (q) an Accept header gives a media type, from its most specific matching range:
 * `text/html` over `text/*` over `*\/*`. No Accept header accepts anything.
 */
export function acceptQuality(accept: string | undefined, mediaType: string): number {
  if (!accept) return 1;
  const group = `${mediaType.split('/')[0]}/*`;
  let best = { specificity: -1, q: 0 };
  for (const part of accept.toLowerCase().split(',')) {
    const [range, ...params] = part.split(';').map((p) => p.trim());
    const specificity = range === mediaType ? 2 : range === group ? 1 : range === '*/*' ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const q = Number(params.find((p) => p.startsWith('q='))?.slice(2) ?? '1');
    best = { specificity, q: Number.isFinite(q) ? q : 0 };
  }
  return best.q;
}

/**
 * GraphiQL is for a person's browser opening the address: a GET without a query whose Accept
 * prefers HTML to JSON (a browser's `text/html,...,*\/*;q=0.8`). Any request carrying a query,
 * and any client preferring JSON or liking both the same, gets JSON.
 */
export function wantsGraphiQL(request: { method: string; headers: { accept?: string | undefined }; query: unknown }): boolean {
  if (request.method !== 'GET' || (request.query as { query?: unknown } | null)?.query !== undefined) return false;
  return acceptQuality(request.headers.accept, 'text/html') > acceptQuality(request.headers.accept, 'application/json');
}

export function registerGraphQL(app: FastifyInstance, services: Services): void {
  // Its own scope, so that even a body Fastify cannot parse is answered in the GraphQL shape.
  void app.register(async (scope) => {
    scope.setErrorHandler((error, request, reply) => {
      const { status, message } = httpFailure(error, request);
      return reply.code(status).send(graphQLRefusal(message));
    });
    route(scope, services);
  });
}

function route(app: FastifyInstance, services: Services): void {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/graphql',
    handler: async (request, reply) => {
      const helixRequest = { body: request.body, headers: request.headers, method: request.method, query: request.query };
      if (wantsGraphiQL(request)) return reply.type('text/html').send(renderGraphiQL({ endpoint: '/api/graphql' }));
      const viewer = await requireUser(services, request);
      let params;
      try {
        params = getGraphQLParameters(helixRequest);
      } catch {
        throw refuse('BAD_REQUEST', 'The variables are not valid JSON.');
      }
      const { query, operationName } = params as { query: unknown; operationName: unknown };
      if (query !== undefined && typeof query !== 'string') throw refuse('BAD_REQUEST', 'The query must be a string.');
      // A GET carries the variables as JSON text (a POST may too), read here so that they are
      // checked as an object's are: left to graphql-helix, text that was JSON but no object
      // (`variables=1`) failed inside graphql, a 500 logged as the server's fault
      // (tests/server/security-review-23.test.ts). Text that is not JSON, helix still refuses.
      let variables = (params as { variables: unknown }).variables;
      let notJSON = false;
      if (typeof variables === 'string' && variables !== '') {
        try {
          variables = JSON.parse(variables);
        } catch {
          notJSON = true; // graphql-helix answers it: `Variables are invalid JSON.` (400).
        }
      }
      if (!notJSON && variables !== undefined && variables !== null && variables !== '' && (typeof variables !== 'object' || Array.isArray(variables))) {
        throw refuse('BAD_REQUEST', 'The variables must be a JSON object.');
      }
      if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
        throw refuse('BAD_REQUEST', 'The operationName must be a string.');
      }
      const address = clientAddress(request.raw, services.config.trustProxy);
      // A valid query counts for what it could resolve (graphql-limits.ts, FIELDS_PER_REQUEST),
      // taken before it runs: past the address's requests it is refused, unrun.
      let tooMuch: string | null = null;
      const result = await processRequest<GraphContext>({
        ...params,
        variables: (variables ?? undefined) as string | Record<string, unknown> | undefined,
        request: helixRequest,
        schema,
        // Our graphql instance does the work: helix's own import may load graphql's other build.
        parse: (source) => parse(source, { maxTokens: MAX_TOKENS }),
        // The limits are measured before graphql's own rules run, and a document past one never reaches them.
        validate: (schemaOf, document, rules) => {
          const errors = validateWithinLimits(schemaOf, document, rules);
          if (errors.length === 0) {
            const cost = documentCost(schemaOf, document);
            tooMuch = weightedReadRefusal(services.requests, address, costRequests(cost), (limit) => askingTooMuch(limit, cost));
          }
          return errors;
        },
        validationRules: specifiedRules,
        execute: (args) => (tooMuch === null ? execute(args) : { data: null }),
        rootValueFactory: () => root,
        contextFactory: () => ({ services, viewer, address, rendered: new RenderedBudget(), ratings: new RatingReads(services), lobbies: null }),
        formatPayload: ({ payload }) => mappedErrors(payload as ExecutionResult, request.log),
      });
      if (tooMuch !== null) return reply.code(429).send(graphQLRefusal(tooMuch));
      if (result.type !== 'RESPONSE') throw refuse('BAD_REQUEST', 'Only queries are served here.');
      if (result.status >= 500) {
        // graphql-helix's own catch-all: its message is the failure's, not one for the caller.
        request.log.error({ errors: (result.payload as ExecutionResult).errors }, 'GraphQL request failed');
        return reply.code(result.status).send(graphQLRefusal(INTERNAL_ERROR_MESSAGE));
      }
      for (const { name, value } of result.headers) reply.header(name, value);
      // A variable graphql could not read (a wrong type, a required one missing) stops the request
      // before it runs, as a syntax error does: errors and no data, which helix answers 200. The
      // protocol answers every request that cannot run with a 400.
      const unrun = result.status === 200 && (result.payload as ExecutionResult).errors !== undefined && !('data' in (result.payload as ExecutionResult));
      return reply.code(unrun ? 400 : result.status).send(result.payload);
    },
  });
}
