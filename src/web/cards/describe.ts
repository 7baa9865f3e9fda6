/**
 * Cards in words: what a screen reader says for a card face, and the hover text of each ability
 * row. The wording is the rulebook's (docs/rules.md, "Card outputs").
 */
import type { Ability, Output, Target } from '../../engine/cards/notation.js';
import { parseAbility } from '../../engine/cards/notation.js';
import type { GameDefinitions, TributeCard } from '../../engine/cards/definitions.js';
import type { CardDef } from '../../engine/cards/schema.js';
import type { CountedThing } from '../../engine/types.js';
import { RESOURCE_LABELS } from './icons.js';

/**
 * What a card face draws: a card definition. The engine's `Card` (a definition
 * plus its parsed effects), as `definitions.get` and game views send it, is one too; the face reads
 * the printed `abilities` so they show in the card's own order.
 */
export type Card = CardDef;
export type { TributeCard, GameDefinitions };

/** A card of `definitions.get`'s answer by id: the core set first, then the modules' cards. */
export function cardByID(definitions: Pick<GameDefinitions, 'cardDefs' | 'modules'>, id: number): Card | undefined {
  return (
    definitions.cardDefs.find((c) => c.id === id) ??
    definitions.modules.flatMap((m) => [...m.cardDefs, ...m.replaceCore]).find((c) => c.id === id)
  );
}

const parsed = new Map<string, Ability>();
/** The abilities of a card in printed order, parsed once per notation string. */
export function abilitiesOf(card: Pick<Card, 'abilities'>): Ability[] {
  return card.abilities.map((text) => {
    let ability = parsed.get(text);
    if (!ability) {
      ability = parseAbility(text);
      parsed.set(text, ability);
    }
    return ability;
  });
}

/** "2 Tyros cards", "2 Clash tokens held" (`held`: false after a verb that says so already, "once you hold 2 Clash tokens"). */
function counted(thing: CountedThing, n: number, held = true): string {
  switch (thing) {
    case 'War': {
      const tokens = n === 1 ? 'Clash token' : `${n} Clash tokens`;
      return held ? `${tokens} held` : tokens;
    }
    case 'card_set':
      return n === 1 ? 'deity set' : `${n} deity sets`;
    case 'Building':
    case 'Unit':
    case 'Event':
      return n === 1 ? thing : `${n} ${thing}s`;
    default:
      return n === 1 ? `${thing} card` : `${n} ${thing} cards`;
  }
}

export function amountText(resource: Output['outputResource'], n: number): string {
  const label = RESOURCE_LABELS[resource];
  return `${n} ${n === 1 ? label.one : label.many}`;
}

/** "1 favor per 2 Tyros cards", "3 military once you hold 2 Units", "2 gold". */
export function outputText(output: Output): string {
  const head = amountText(output.outputResource, output.outputRatio);
  if (output.multiplier) return `${head} per ${counted(output.multiplier.resource, output.multiplier.resourceDivisor)}`;
  if (output.upgradeCondition) {
    const { upgradeType, upgradeAmount } = output.upgradeCondition;
    return `${head} once you hold ${counted(upgradeType, upgradeAmount, false)}`;
  }
  return head;
}

/** 'a' or 'an' before `word` ('an Event'), by its first letter: every name the cards use reads so. */
const withArticle = (word: string): string => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

export function targetText(target: Target): string {
  switch (target.kind) {
    case 'tribute':
      return 'a tribute';
    case 'token':
      return 'a Clash token';
    case 'card_affinity':
      return withArticle(`${target.affinity} card`);
    case 'card_type':
      return withArticle(target.cardType);
  }
}

/** One ability as a sentence: "Each turn: 1 gold", "When you draft a Building: 1 gold". */
export function abilityText(ability: Ability): string {
  const output = outputText(ability.output);
  switch (ability.kind) {
    case 'production':
      return `Each turn: ${output}`;
    case 'base-production':
      return `Base: ${output} (always)`;
    case 'gain-on-acquire':
      return `When gained: ${output}`;
    case 'end-of-game':
      return `Prophecy, at game end: ${output}`;
    case 'draft-target':
      return `When you draft ${targetText(ability.target)}: ${output}`;
    case 'acquire-target':
      return ability.target.kind === 'tribute'
        ? `When you complete a tribute: ${output}`
        : ability.target.kind === 'token'
          ? `When you earn a Clash token: ${output}`
          : `When you gain ${targetText(ability.target)}: ${output}`;
  }
}

export function ageNumeral(age: number | null): string {
  return age === null ? '' : (['I', 'II', 'III'][age - 1] ?? String(age));
}

/**
 * What a card asks and gives, a sentence each: cost, printed favor (scored when the card is
 * gained; nothing said when there is none), abilities in printed order or "No abilities", as
 * the card prints.
 */
export function cardRules(card: Card): string[] {
  const rules: string[] = [];
  const clash = card.additionalCosts?.warTokens ?? 0;
  if (card.affinity !== 'Leader') rules.push(`Cost ${card.cost} gold${clash ? ` and ${amountText('warTokens', clash)}` : ''}`);
  if (card.favor > 0) rules.push(`${card.favor} favor when gained`);
  const abilities = abilitiesOf(card);
  for (const ability of abilities) rules.push(abilityText(ability));
  if (abilities.length === 0) rules.push('No abilities');
  return rules;
}

/** What a screen reader says for a card: name, kind, then its rules. */
export function cardLabel(card: Card): string {
  const kind = `${card.affinity === 'None' ? 'Neutral' : card.affinity} ${card.type}${card.age ? `, age ${card.age}` : ''}`;
  return [card.name, kind, ...cardRules(card)].join('. ') + '.';
}

/** A tribute's objective, its values per age and what it pays, a sentence each. */
export function tributeRules(tribute: TributeCard): string[] {
  const [a1, a2, a3] = tribute.value;
  return [tribute.description, `Value by age: ${a1}, ${a2}, ${a3}.`, `${tribute.tokens} tribute token${tribute.tokens === 1 ? '' : 's'}, worth ${tribute.tokens * 3} favor.`];
}

/** What a screen reader says for a tribute: name, god, then its rules. */
export function tributeLabel(tribute: TributeCard): string {
  return `Tribute ${tribute.name}, to ${tribute.image}. ${tributeRules(tribute).join(' ')}`;
}
