/**
 * What one GraphQL request may ask for, measured right after parsing and before graphql's own
 * validation: a query nested or aliased into millions of fields (every lobby's host's fifty games,
 * ten times over) is refused with a GraphQL error instead of holding the server, and so is a
 * document whose validation alone would (graphql compares every two fields of the same name: 490
 * `lobbies { id }` cost 100 ms or more to validate, only to be refused). Depth and aliases are
 * graphql-armor's rules; the selection count and the cost rule are ours, because only this schema
 * knows how long its lists are.
 */
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import {
  GraphQLError,
  Kind,
  SchemaMetaFieldDef,
  TypeInfo,
  TypeMetaFieldDef,
  ValidationContext,
  getNamedType,
  getNullableType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isObjectType,
  validate,
  visit,
  visitInParallel,
  type DocumentNode,
  type FieldNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql';
import { MAX_PLAYERS } from '../engine/index.js';
import { LOBBY_LIST_SIZE } from '../server/services/lobbies.js';
import { requestsFor } from '../server/services/services.js';

/**
 * Tokens a query may hold. graphql's own validation of a large document (thousands of fragments,
 * each checked against the others for overlapping fields) takes time before any limit here is
 * reached; a cap on the document bounds it. The documented clients' queries hold under a hundred.
 */
export const MAX_TOKENS = 2_000;
/**
 * Fields, fragment spreads and inline fragments a document may hold as written. graphql's own
 * validation compares fields of the same name with each other, and their selections in turn: its
 * time grows faster than the square of their number (on a busy two-core machine, 75 `me { id }`
 * took 2 ms to validate, 200 took 10 ms and 400 took 200 ms). The introspection query GraphiQL
 * sends holds about 80, the documented clients' queries 25 at most.
 */
export const MAX_SELECTIONS = 150;
export const MAX_DEPTH = 8;
export const MAX_ALIASES = 15;
/** Fields a request may resolve, counting each field once per item of the lists around it. */
export const MAX_COST = 20_000;
/**
 * renderedGame loads and renders a whole game: an eight-player game's view is about 270 KB in the
 * answer (its card set and every event), and ten of them made one answer of 2.7 MB. The profile
 * asks for 5.
 */
export const MAX_RENDERED_GAMES = 5;
/**
 * What the renderedGame strings of one request may add to its answer, counted as they go out
 * (UTF-8, with the escaping a string inside JSON gets): a game's view grows with its players and
 * its chat, so the count of games alone does not bound the answer. Five eight-player games with
 * every module take 1.4 MB.
 */
export const MAX_RENDERED_BYTES = 2_000_000;
export const RENDERED_TOO_LARGE = `renderedGame is served for at most ${MAX_RENDERED_BYTES / 1_000_000} MB of games per request, and this request's games hold more: ask for fewer of them with a smaller games(first: ...).`;

/**
 * What one renderedGame counts for against the address's REQUESTS_PER_ADDRESS, taken before the game
 * is loaded. A game is loaded, seen as the viewer sees it and written out: an eight-player game cost
 * about 12 ms of CPU (five of them 61 ms a request), where the other reads cost 1 to 6 ms. Counted
 * as one request each, one address asking for five of them 600 times in 10 seconds kept a core 79%
 * busy and another address's request waited 750 ms; counted as ten, it gets about 60 games in 10
 * seconds, under a second of CPU. A person's client asks for five on a profile.
 */
export const RENDERED_GAME_REQUESTS = 10;
export const renderingTooFast = (limit: number) =>
  `Too many games rendered for your address: each renderedGame counts as ${RENDERED_GAME_REQUESTS} of the ${limit} requests allowed in 10 seconds. Wait a moment.`;

/** The bytes a string adds to a JSON answer: its UTF-8, its quotes, and a backslash before each `"` and `\\`. */
export function bytesInAnswer(text: string): number {
  let escaped = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22 || code === 0x5c) escaped += 1;
  }
  return Buffer.byteLength(text, 'utf8') + escaped + 2;
}

/** One request's renderedGame strings: once they would add more than MAX_RENDERED_BYTES to its answer, each next one is refused. */
export class RenderedBudget {
  private bytes = 0;

  /** The rendered game, if the answer still has room for it (a game's JSON, which escapes every control character). */
  take(rendered: string): string {
    this.bytes += bytesInAnswer(rendered);
    if (this.bytes > MAX_RENDERED_BYTES) throw new GraphQLError(RENDERED_TOO_LARGE);
    return rendered;
  }
}

/**
 * `User.games` costs a few database queries whatever fields are asked of it (the games, their
 * players' users): counting its fields alone let one query under the cost limit run thousands of
 * them (users(ids) of 200 ids, each game's players' games) and hold the server for seconds.
 */
export const MAX_GAME_LISTS = 20;
/** The most `users(ids)` answers, and the most games `User.games(first)` gives. */
export const MAX_USERS_PER_REQUEST = 200;
export const MAX_GAMES_PER_USER = 50;

/** The longest each list field can be (what its resolver or the service caps it at). */
const LIST_SIZES: Record<string, (field: FieldNode) => number> = {
  'Query.lobbies': () => LOBBY_LIST_SIZE,
  'Query.users': (field) => {
    const ids = argument(field, 'ids');
    return ids?.kind === Kind.LIST ? ids.values.length : MAX_USERS_PER_REQUEST;
  },
  'Query.devUsers': () => 1_000,
  'User.games': (field) => {
    const first = argument(field, 'first');
    if (!first) return 5;
    return first.kind === Kind.INT ? Math.min(MAX_GAMES_PER_USER, Math.max(0, Number(first.value))) : MAX_GAMES_PER_USER;
  },
  'GameSummary.players': () => MAX_PLAYERS,
  'Lobby.players': () => MAX_PLAYERS,
  'Lobby.playerIDToBotType': () => MAX_PLAYERS,
};

/**
 * How long each list of the introspection (`__schema`, `__type`) is in `schema`, for the cost: as
 * many types and directives as it has, and for the lists of each type, field or directive their
 * mean over the schema, rounded up. `__schema { types { fields { args } } }` walks every type,
 * every field and every argument, so by the means it costs about what it walks; the longest
 * instead (13 fields for each of the 23 types) made the introspection GraphiQL sends 22,553
 * fields, past MAX_COST. It counts 8,385 now (42 requests), its type references each counted
 * eight `ofType`s deep, where 1,634 fields resolve. Counted as fields of no type, introspection
 * cost nothing: fifteen aliases of `__schema` with every type's fields and arguments (384 KB an
 * answer, 23 ms of CPU) counted as one request, and one address's 600 of them in 13 s held
 * another person's request 177 ms (552 ms at most), against 4 ms (a security review, 2026-12-04).
 */
function introspectionSizes(schema: GraphQLSchema): Record<string, number> {
  const types = Object.values(schema.getTypeMap());
  const directives = schema.getDirectives();
  const mean = (counts: number[]) => (counts.length === 0 ? 0 : Math.ceil(counts.reduce((sum, n) => sum + n, 0) / counts.length));
  const fields = types.flatMap((t) => (isObjectType(t) || isInterfaceType(t) ? Object.values(t.getFields()) : []));
  return {
    '__Schema.types': types.length,
    '__Schema.directives': directives.length,
    '__Type.fields': mean(types.map((t) => (isObjectType(t) || isInterfaceType(t) ? Object.keys(t.getFields()).length : 0))),
    '__Type.interfaces': mean(types.map((t) => (isObjectType(t) || isInterfaceType(t) ? t.getInterfaces().length : 0))),
    '__Type.possibleTypes': mean(types.map((t) => (isAbstractType(t) ? schema.getPossibleTypes(t).length : 0))),
    '__Type.enumValues': mean(types.map((t) => (isEnumType(t) ? t.getValues().length : 0))),
    '__Type.inputFields': mean(types.map((t) => (isInputObjectType(t) ? Object.keys(t.getFields()).length : 0))),
    '__Field.args': mean(fields.map((f) => f.args.length)),
    '__Directive.args': mean(directives.map((d) => d.args.length)),
  };
}

/** Each schema's introspection list sizes, worked out once. */
const introspectionSizesOf = new WeakMap<GraphQLSchema, Record<string, number>>();

/** The query root's introspection fields, which no type's own fields list (`__typename` is a leaf, counted as any). */
function metaField(schema: GraphQLSchema, type: GraphQLObjectType, name: string): GraphQLField<unknown, unknown> | undefined {
  if (type !== schema.getQueryType()) return undefined;
  return name === SchemaMetaFieldDef.name ? SchemaMetaFieldDef : name === TypeMetaFieldDef.name ? TypeMetaFieldDef : undefined;
}

/** An argument as written in the query (a variable counts as the largest value allowed). */
function argument(field: FieldNode, name: string) {
  return field.arguments?.find((a) => a.name.value === name)?.value;
}

interface Tally {
  cost: number;
  renders: number;
  gameLists: number;
}

const add = (into: Tally, tally: Tally, times: number) => {
  into.cost += tally.cost * times;
  into.renders += tally.renders * times;
  into.gameLists += tally.gameLists * times;
};

/**
 * What selection sets cost, each field counted once per item of the lists around it. The count is
 * linear in those lists, so a set is counted once with a multiplier of 1 and scaled, and each
 * fragment is counted once however often it is spread: walking a fragment again at every spread
 * made nested spreads (each fragment spreading the next one 200 times) exponential to check, and
 * one 4 KB query held the server for seconds before it was refused.
 */
class Costing {
  /** Per fragment, its count; null while it is being counted (a spread cycle, refused by graphql's own rules). */
  private readonly fragments = new Map<string, Tally | null>();

  /** The longest each introspection list can be (`introspectionSizes`). */
  private readonly introspection: Record<string, number>;

  constructor(private readonly context: ValidationContext) {
    const schema = context.getSchema();
    let sizes = introspectionSizesOf.get(schema);
    if (!sizes) introspectionSizesOf.set(schema, (sizes = introspectionSizes(schema)));
    this.introspection = sizes;
  }

  of(selections: SelectionSetNode, type: GraphQLObjectType): Tally {
    const tally: Tally = { cost: 0, renders: 0, gameLists: 0 };
    for (const selection of selections.selections) {
      if (selection.kind === Kind.FIELD) {
        tally.cost += 1;
        const field = type.getFields()[selection.name.value] ?? metaField(this.context.getSchema(), type, selection.name.value);
        // Unknown fields are refused by graphql's own rules.
        if (!field) continue;
        if (type.name === 'GameSummary' && field.name === 'renderedGame') tally.renders += 1;
        if (type.name === 'User' && field.name === 'games') tally.gameLists += 1;
        const named = getNamedType(field.type);
        if (!selection.selectionSet || !isObjectType(named)) continue;
        const key = `${type.name}.${field.name}`;
        const size = isListType(getNullableType(field.type)) ? (LIST_SIZES[key]?.(selection) ?? this.introspection[key] ?? 1_000) : 1;
        add(tally, this.of(selection.selectionSet, named), size);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const inner = selection.typeCondition ? this.context.getSchema().getType(selection.typeCondition.name.value) : type;
        if (isObjectType(inner)) add(tally, this.of(selection.selectionSet, inner), 1);
      } else {
        add(tally, this.fragment(selection.name.value), 1);
      }
    }
    return tally;
  }

  private fragment(name: string): Tally {
    const known = this.fragments.get(name);
    if (known !== undefined) return known ?? { cost: 0, renders: 0, gameLists: 0 };
    const fragment = this.context.getFragment(name);
    const inner = fragment && this.context.getSchema().getType(fragment.typeCondition.name.value);
    if (!fragment || !isObjectType(inner)) return { cost: 0, renders: 0, gameLists: 0 };
    this.fragments.set(name, null);
    const tally = this.of(fragment.selectionSet, inner);
    this.fragments.set(name, tally);
    return tally;
  }
}

/** A count for a refusal's message: nested lists can make it astronomically large. */
const told = (count: number) => (count > 1e9 ? 'more than a billion' : String(count));

/** Refuses an operation that could resolve more than MAX_COST fields or render too many games. */
export const costRule: ValidationRule = (context) => ({
  OperationDefinition(operation) {
    const root = context.getSchema().getRootType(operation.operation);
    if (!root) return;
    const found = new Costing(context).of(operation.selectionSet, root);
    if (found.renders > MAX_RENDERED_GAMES) {
      context.reportError(
        new GraphQLError(
          `renderedGame is served for at most ${MAX_RENDERED_GAMES} games per request, and this query could ask for ${told(found.renders)}: ` +
            'ask for it under user(id: ...) or lobby(id: ...) with a small games(first: ...), not under lobbies, users or devUsers.',
          { nodes: operation },
        ),
      );
    } else if (found.gameLists > MAX_GAME_LISTS) {
      context.reportError(
        new GraphQLError(
          `games is served for at most ${MAX_GAME_LISTS} users per request, and this query could ask for ${told(found.gameLists)}: ` +
            "ask for a few users' games at a time, not under lobbies, users(ids), devUsers or other games' players.",
          { nodes: operation },
        ),
      );
    } else if (found.cost > MAX_COST) {
      context.reportError(
        new GraphQLError(`This query could ask for ${told(found.cost)} fields, more than the ${MAX_COST} a request may: ask for fewer lists, or fewer fields in them.`, {
          nodes: operation,
        }),
      );
    }
  },
});

/**
 * What a document's operations could cost together, as `costRule` counts each: the fields they
 * could resolve, each once per item of the lists around it.
 */
export function documentCost(schema: GraphQLSchema, document: DocumentNode): number {
  const context = new ValidationContext(schema, document, new TypeInfo(schema), () => undefined);
  let cost = 0;
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const root = schema.getRootType(definition.operation);
    if (root) cost += new Costing(context).of(definition.selectionSet, root).cost;
  }
  return cost;
}

/**
 * Fields a request could resolve for each of the address's REQUESTS_PER_ADDRESS it counts as (its
 * cost, rounded up; at least one). A query within MAX_COST still costs the server what it
 * resolves: fifteen aliases of `lobbies { id }` (3,000 fields) took 47 ms of CPU, a query of
 * 15,600 fields 25 ms, where the cheapest request takes 2-3 ms, and counted as one request, eight
 * of them at once held another person's request for a third of a second. The documented clients'
 * queries of one user or lobby cost a few hundred fields at most (one request or two); a client's
 * whole lobby list about 35.
 */
export const FIELDS_PER_REQUEST = 200;
export const costRequests = (cost: number): number => requestsFor(cost, FIELDS_PER_REQUEST);
export const askingTooMuch = (limit: number, cost: number) =>
  `Too many fields asked for from your address: this query could ask for ${cost}, and each ${FIELDS_PER_REQUEST} count as one of the ${limit} requests allowed in 10 seconds. Wait a moment, or ask for fewer.`;

/**
 * graphql-armor's rules report a refusal as a validation error (a 400 like any other), instead of
 * throwing it out of validation, where it would be taken for the server's own failure.
 */
const reported = { propagateOnRejection: false, onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)] };

/** The limits that follow fragment spreads, each fragment counted once however often it is spread. */
const LIMIT_RULES: readonly ValidationRule[] = [maxDepthRule({ n: MAX_DEPTH, ...reported }), maxAliasesRule({ n: MAX_ALIASES, ...reported }), costRule];

/** The fields, fragment spreads and inline fragments of a document as written (no spread followed). */
function selectionsIn(document: DocumentNode): number {
  let count = 0;
  const counted = () => void (count += 1);
  visit(document, { Field: counted, FragmentSpread: counted, InlineFragment: counted });
  return count;
}

/**
 * Why a parsed document is refused, if it is: too many selections, else any of depth, aliases and
 * cost. Every check takes time linear in the document (at most MAX_TOKENS), so a refusal costs
 * about as much as the parse before it.
 */
export function limitRefusals(schema: GraphQLSchema, document: DocumentNode): GraphQLError[] {
  const selections = selectionsIn(document);
  if (selections > MAX_SELECTIONS) {
    return [
      new GraphQLError(
        `This query has ${selections} selections (fields and fragments), more than the ${MAX_SELECTIONS} a request may: ask for each field once, and for fewer fields.`,
      ),
    ];
  }
  const errors: GraphQLError[] = [];
  const context = new ValidationContext(schema, document, new TypeInfo(schema), (error) => errors.push(error));
  visit(document, visitInParallel(LIMIT_RULES.map((rule) => rule(context))));
  return errors;
}

/**
 * The `validate` graphql-helix is given: the limits first, and graphql's own rules (passed in by
 * helix) only for a document within them, so a refused document never pays for graphql's validation.
 */
export function validateWithinLimits(schema: GraphQLSchema, document: DocumentNode, rules: readonly ValidationRule[]): readonly GraphQLError[] {
  const refusals = limitRefusals(schema, document);
  return refusals.length > 0 ? refusals : validate(schema, document, rules);
}
