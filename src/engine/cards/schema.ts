/**
 * Card, tribute and module definitions as they stand in `data/`, validated with zod at load.
 * A definition that fails names its file, its card and the field (see `validateDefinitions`).
 */
import { z } from 'zod';
import { AFFINITIES, CARD_TYPES, GAME_OPTION_KEYS, MODULE_KEYS, MODULE_STATES } from '../types.js';
import { NotationError, parseAbility } from './notation.js';

const abilityString = z.string().superRefine((text, ctx) => {
  try {
    parseAbility(text);
  } catch (error) {
    if (!(error instanceof NotationError)) throw error;
    ctx.addIssue({ code: 'custom', message: error.message });
  }
});

export const cardDefSchema = z.strictObject({
  id: z.int().min(100),
  name: z.string().min(1),
  affinity: z.enum(AFFINITIES, { error: (i) => `invalid affinity string: ${String(i.input)}` }),
  type: z.enum(CARD_TYPES, { error: (i) => `invalid card type string: ${String(i.input)}` }),
  age: z.union([z.literal(1), z.literal(2), z.literal(3), z.null()]),
  cost: z.int().min(0).max(25),
  favor: z.int().min(0),
  imageName: z.string().min(1),
  additionalCosts: z.strictObject({ warTokens: z.int().min(0) }).optional(),
  abilities: z.array(abilityString),
  flavor: z.string().optional(),
});
export type CardDef = z.infer<typeof cardDefSchema>;

export const GODS = ['Akroa', 'Baeren', 'Derion', 'Tyros', 'Zeona'] as const;
export type God = (typeof GODS)[number];

const deity = z.enum(['Derion', 'Tyros', 'Zeona']);
const rank = z.enum(['most', 'least']);

/** Every tribute kind, with its parameters. */
const tributeRule = z.discriminatedUnion('function', [
  z.strictObject({ function: z.literal('obtainCardType'), params: z.strictObject({ type: z.enum(CARD_TYPES) }) }),
  z.strictObject({ function: z.literal('obtainCardAffinity'), params: z.strictObject({ affinity: z.enum(AFFINITIES) }) }),
  z.strictObject({ function: z.literal('obtainCardRankedAffinity'), params: z.strictObject({ rank }) }),
  z.strictObject({
    function: z.literal('haveCards'),
    params: z.union([z.strictObject({ affinity: z.enum(AFFINITIES) }), z.strictObject({ type: z.enum(CARD_TYPES) })]),
  }),
  z.strictObject({ function: z.literal('haveSets'), params: z.strictObject({}) }),
  z.strictObject({
    function: z.literal('haveCounter'),
    params: z.strictObject({ resource: z.enum(['gold', 'military']), withBase: z.boolean() }),
  }),
  z.strictObject({ function: z.literal('obtainTradeRowPosition'), params: z.strictObject({ position: z.enum(['first', 'last']) }) }),
  z.strictObject({ function: z.literal('obtainByCost'), params: z.strictObject({ rank }) }),
  z.strictObject({ function: z.literal('obtainByFavor'), params: z.strictObject({ rank }) }),
  z.strictObject({ function: z.literal('synergyCard'), params: z.strictObject({}) }),
  z.strictObject({
    function: z.literal('clashAgainst'),
    params: z.strictObject({ compare: z.enum(['bid', 'favor']), direction: z.enum(['higher', 'lower']) }),
  }),
  z.strictObject({ function: z.literal('defeatOpponent'), params: z.strictObject({}) }),
  z.strictObject({ function: z.literal('clashWithOpponent'), params: z.strictObject({}) }),
  z.strictObject({ function: z.literal('gainCardWithoutMilitary'), params: z.strictObject({}) }),
  z.strictObject({ function: z.literal('gainResource'), params: z.strictObject({ resource: z.enum(['gold', 'military', 'favor']) }) }),
  z.strictObject({ function: z.literal('bidMostMilitary'), params: z.strictObject({}) }),
  z.strictObject({ function: z.literal('bidAllMilitary'), params: z.strictObject({}) }),
  z.strictObject({
    function: z.literal('haveFewestCounters'),
    params: z.strictObject({ resource: z.enum(['gold', 'military', 'favor']) }),
  }),
  z.strictObject({ function: z.literal('completeAnotherTribute'), params: z.strictObject({}) }),
]);
export type TributeRule = z.infer<typeof tributeRule>;
export type TributeFunction = TributeRule['function'];
export { deity as deitySchema };

export const tributeDefSchema = z.intersection(
  z.object({
    id: z.int().min(100),
    name: z.string().min(1),
    value: z.tuple([z.int().min(0), z.int().min(0), z.int().min(0)]),
    tokens: z.int().min(1).max(5),
    image: z.enum(GODS),
    description: z.string().min(1),
  }),
  tributeRule,
);
export type TributeDef = z.infer<typeof tributeDefSchema>;

export const moduleDefSchema = z.strictObject({
  key: z.enum(MODULE_KEYS),
  name: z.string().min(1),
  state: z.enum(MODULE_STATES),
  description: z.string(),
  cardDefs: z.array(z.unknown()),
  tributeCardDefs: z.array(z.unknown()),
  cardsToRemove: z.array(z.int()),
  tributeCardsToRemove: z.array(z.int()),
  replaceCore: z.array(z.unknown()),
  gameOptionsToAdd: z.partialRecord(z.enum(GAME_OPTION_KEYS), z.boolean()),
});
