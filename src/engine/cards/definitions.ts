/**
 * Game definitions: the validated card set, tribute set and expansion modules, and the card set of
 * one game once its modules are applied.
 */
import type { z } from 'zod';
import { moduleNotFound, type Age, type CardID, type GameOptions, type ModuleKey, type ModuleState, type TributeID } from '../types.js';
import { parseAbility, type Ability, type Output, type Target } from './notation.js';
import { cardDefSchema, moduleDefSchema, tributeDefSchema, type CardDef, type TributeDef } from './schema.js';

export interface TargetedOutput {
  target: Target;
  output: Output;
}

/** The abilities of a card sorted by when they act (the effect kinds of docs/rules.md). */
export interface Effects {
  baseEffect: Output[];
  turnEffect: Output[];
  gainSelfEffect: Output[];
  draftOtherEffect: TargetedOutput[];
  gainOtherEffect: TargetedOutput[];
  endOfGameEffect: Output[];
}

export interface Card extends CardDef {
  effects: Effects;
}
export type TributeCard = TributeDef;

export interface ModuleDef {
  key: ModuleKey;
  name: string;
  state: ModuleState;
  description: string;
  cardDefs: Card[];
  tributeCardDefs: TributeCard[];
  cardsToRemove: CardID[];
  tributeCardsToRemove: TributeID[];
  replaceCore: Card[];
  gameOptionsToAdd: Partial<GameOptions>;
}

/** A module's cards and rules, all empty (new arrays each time): a module named but not given, or applied elsewhere. */
export function noModuleContent(): Pick<ModuleDef, 'cardDefs' | 'tributeCardDefs' | 'cardsToRemove' | 'tributeCardsToRemove' | 'replaceCore' | 'gameOptionsToAdd'> {
  return { cardDefs: [], tributeCardDefs: [], cardsToRemove: [], tributeCardsToRemove: [], replaceCore: [], gameOptionsToAdd: {} };
}

export interface GameDefinitions {
  cardDefs: Card[];
  tributeCardDefs: TributeCard[];
  modules: ModuleDef[];
}

/** The modules among `modules` that only developers may use (and whose cards only they may see). */
export function devOnlyModules(definitions: GameDefinitions, modules: readonly ModuleKey[]): ModuleKey[] {
  return modules.filter((key) => definitions.modules.find((m) => m.key === key)?.state === 'devOnly');
}

export interface DataFile {
  file: string;
  content: unknown;
}

/** Problems in the definition files: every one found, each a line naming the file, item and field. */
export class DefinitionError extends Error {
  override name = 'DefinitionError';
  readonly problems: readonly string[];
  constructor(problems: string | readonly string[]) {
    const list = typeof problems === 'string' ? [problems] : problems;
    super(list.join('\n'));
    this.problems = list;
  }
}

export function toEffects(abilities: readonly Ability[]): Effects {
  const effects: Effects = {
    baseEffect: [],
    turnEffect: [],
    gainSelfEffect: [],
    draftOtherEffect: [],
    gainOtherEffect: [],
    endOfGameEffect: [],
  };
  for (const ability of abilities) {
    switch (ability.kind) {
      case 'base-production':
        effects.baseEffect.push(ability.output);
        break;
      case 'production':
        effects.turnEffect.push(ability.output);
        break;
      case 'gain-on-acquire':
        effects.gainSelfEffect.push(ability.output);
        break;
      case 'end-of-game':
        effects.endOfGameEffect.push(ability.output);
        break;
      case 'draft-target':
        effects.draftOtherEffect.push({ target: ability.target, output: ability.output });
        break;
      case 'acquire-target':
        effects.gainOtherEffect.push({ target: ability.target, output: ability.output });
        break;
    }
  }
  return effects;
}

function describeIssue(where: string, issue: z.core.$ZodIssue): string {
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '(card)';
  return `${where}: field ${field}: ${issue.message}`;
}

function itemLabel(kind: string, raw: unknown, index: number): string {
  const item = (raw ?? {}) as { id?: unknown; name?: unknown };
  const id = typeof item.id === 'number' ? item.id : `#${index}`;
  return typeof item.name === 'string' ? `${kind} ${id} (${item.name})` : `${kind} ${id}`;
}

/**
 * One card definition checked (a DefinitionError naming `file`, the card and the field), its
 * effects worked out from its abilities. Replay files' card sets are checked by it too.
 */
export function parseCard(file: string, raw: unknown, index: number): Card {
  const result = cardDefSchema.safeParse(raw);
  if (!result.success) throw new DefinitionError(describeIssue(`${file}: ${itemLabel('card', raw, index)}`, result.error.issues[0]!));
  return { ...result.data, effects: toEffects(result.data.abilities.map(parseAbility)) };
}

/** One tribute definition checked, as `parseCard` checks a card. */
export function parseTribute(file: string, raw: unknown, index: number): TributeCard {
  const result = tributeDefSchema.safeParse(raw);
  if (!result.success) throw new DefinitionError(describeIssue(`${file}: ${itemLabel('tribute', raw, index)}`, result.error.issues[0]!));
  return result.data;
}

function asArray(file: DataFile): unknown[] {
  if (!Array.isArray(file.content)) throw new DefinitionError(`${file.file}: expected an array of definitions`);
  return file.content;
}

function parseModule(file: DataFile, problems: string[]): ModuleDef {
  const result = moduleDefSchema.safeParse(file.content);
  if (!result.success) throw new DefinitionError(describeIssue(`${file.file}: module`, result.error.issues[0]!));
  const m = result.data;
  return {
    ...m,
    cardDefs: m.cardDefs.flatMap((raw, i) => collecting(problems, () => parseCard(file.file, raw, i))),
    tributeCardDefs: m.tributeCardDefs.flatMap((raw, i) => collecting(problems, () => parseTribute(file.file, raw, i))),
    replaceCore: m.replaceCore.flatMap((raw, i) => collecting(problems, () => parseCard(`${file.file} replaceCore`, raw, i))),
  };
}

function checkUnique(label: string, ids: readonly number[], problems: string[]): void {
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) problems.push(`${label}: id ${id} is defined twice`);
    seen.add(id);
  }
}

/** Every age's basic supply must hold a free card, so that a player can always gain something. */
function checkFreeBasic(cards: readonly Card[], where: string, problems: string[]): void {
  for (const age of [1, 2, 3] as Age[]) {
    const free = basicSupply(cards, age).some((c) => c.cost === 0 && !c.additionalCosts?.warTokens);
    if (!free) problems.push(`${where}: the age ${age} basic pile has no card that costs nothing`);
  }
}

export function basicSupply(cards: readonly Card[], age: Age): Card[] {
  return cards.filter((c) => c.affinity === 'Basic' && (c.age === age || c.age === null));
}

/** The numeric ids of the items in some files, valid or not. */
function rawIDs(files: readonly DataFile[]): Set<number> {
  const items = files.flatMap((f) => (Array.isArray(f.content) ? (f.content as unknown[]) : []));
  return new Set(items.flatMap((item) => {
    const id = (item as { id?: unknown } | null)?.id;
    return typeof id === 'number' ? [id] : [];
  }));
}

/** Runs one parse; a DefinitionError becomes a problem on the list (and no value), so loading goes on. */
function collecting<T>(problems: string[], parse: () => T): T[] {
  try {
    return [parse()];
  } catch (error) {
    if (!(error instanceof DefinitionError)) throw error;
    problems.push(...error.problems);
    return [];
  }
}

/**
 * Validates the raw data files. Every problem is found before it throws: one DefinitionError
 * listing them all, each naming the file, the card and the field.
 */
export function loadDefinitions(sources: { cards: DataFile[]; tributes: DataFile[]; modules: DataFile[] }): GameDefinitions {
  const problems: string[] = [];
  const items = (f: DataFile) => collecting(problems, () => asArray(f)).flat();
  const cardDefs = sources.cards.flatMap((f) => items(f).flatMap((raw, i) => collecting(problems, () => parseCard(f.file, raw, i))));
  const tributeCardDefs = sources.tributes.flatMap((f) => items(f).flatMap((raw, i) => collecting(problems, () => parseTribute(f.file, raw, i))));
  const modules = sources.modules.flatMap((f) => collecting(problems, () => parseModule(f, problems)));
  checkUnique('cards', [...cardDefs, ...modules.flatMap((m) => m.cardDefs)].map((c) => c.id), problems);
  checkUnique('tributes', [...tributeCardDefs, ...modules.flatMap((m) => m.tributeCardDefs)].map((t) => t.id), problems);
  // By the ids in the files, so that a card which failed to parse is not reported again here.
  const coreIDs = rawIDs(sources.cards);
  const coreTributeIDs = rawIDs(sources.tributes);
  for (const m of modules) {
    for (const id of [...m.cardsToRemove, ...m.replaceCore.map((c) => c.id)]) {
      if (!coreIDs.has(id)) problems.push(`module ${m.key}: card ${id} is not a core card`);
    }
    for (const id of m.tributeCardsToRemove) {
      if (!coreTributeIDs.has(id)) problems.push(`module ${m.key}: tribute ${id} is not a core tribute`);
    }
  }
  // A card that failed to parse would make the basic piles look short: check them on a clean set only.
  if (problems.length === 0) checkFreeBasic(cardDefs, 'core cards', problems);
  if (problems.length > 0) throw new DefinitionError(problems);
  return { cardDefs, tributeCardDefs, modules };
}

export interface CardSet {
  cardsByID: Record<CardID, Card>;
  tributeCardsByID: Record<TributeID, TributeCard>;
  optionsToAdd: Partial<GameOptions>;
}

/**
 * The cards of one game: the core set with each chosen module applied in the order of `modules`.
 * A module first removes (cardsToRemove), then replaces core cards by id (replaceCore), then adds.
 */
export function buildCardSet(definitions: GameDefinitions, modules: readonly ModuleKey[]): CardSet {
  // Card sets are immutable, so games with the same modules share one (a hot path for simulations).
  const cache = cardSetCache.get(definitions) ?? new Map<string, CardSet>();
  cardSetCache.set(definitions, cache);
  const key = modules.join(',');
  const cached = cache.get(key);
  if (cached) return cached;
  const built = assembleCardSet(definitions, modules);
  cache.set(key, built);
  return built;
}

const cardSetCache = new WeakMap<GameDefinitions, Map<string, CardSet>>();

function assembleCardSet(definitions: GameDefinitions, modules: readonly ModuleKey[]): CardSet {
  const cards = new Map(definitions.cardDefs.map((c) => [c.id, c]));
  const tributes = new Map(definitions.tributeCardDefs.map((t) => [t.id, t]));
  let optionsToAdd: Partial<GameOptions> = {};
  for (const key of modules) {
    const m = definitions.modules.find((candidate) => candidate.key === key);
    if (!m) throw new DefinitionError(moduleNotFound(key));
    for (const id of m.cardsToRemove) cards.delete(id);
    for (const id of m.tributeCardsToRemove) tributes.delete(id);
    for (const card of m.replaceCore) if (cards.has(card.id)) cards.set(card.id, card);
    for (const card of m.cardDefs) cards.set(card.id, card);
    for (const tribute of m.tributeCardDefs) tributes.set(tribute.id, tribute);
    optionsToAdd = { ...optionsToAdd, ...m.gameOptionsToAdd };
  }
  return {
    cardsByID: Object.fromEntries(cards),
    tributeCardsByID: Object.fromEntries(tributes),
    optionsToAdd,
  };
}
