/**
 * The effect notation of the card data, parsed once at load into typed abilities.
 *
 *   effect  := amount letter                      "2G"        2 gold
 *            | amount letter "/" divisor thing    "1V/2Tyros" 1 favor per 2 Tyros cards held
 *            | amount letter ">" threshold thing  "3M>2Unit"  3 military once 2 Units are held (an upgrade)
 *   ability := kind [target] effect               "acquire-target card_type:Unit 1G"
 */
import {
  AFFINITIES,
  CARD_TYPES,
  COUNTED_THINGS,
  RESOURCE_BY_LETTER,
  type Affinity,
  type CardType,
  type CountedThing,
  type Resource,
} from '../types.js';

export interface Output {
  outputResource: Resource;
  outputRatio: number;
  multiplier?: { resource: CountedThing; resourceDivisor: number };
  upgradeCondition?: { upgradeType: CountedThing; upgradeAmount: number };
}

/** What a draft-target or acquire-target ability reacts to. */
export type Target =
  | { kind: 'tribute' }
  | { kind: 'token'; token: 'War' }
  | { kind: 'card_affinity'; affinity: Affinity }
  | { kind: 'card_type'; cardType: CardType };

export const ABILITY_KINDS = [
  'gain-on-acquire',
  'production',
  'base-production',
  'draft-target',
  'acquire-target',
  'end-of-game',
] as const;
export type AbilityKind = (typeof ABILITY_KINDS)[number];

export type Ability =
  | { kind: 'gain-on-acquire' | 'production' | 'base-production' | 'end-of-game'; output: Output }
  | { kind: 'draft-target' | 'acquire-target'; target: Target; output: Output };

/** A notation error; the message names the bad string. */
export class NotationError extends Error {
  override name = 'NotationError';
}

const EFFECT = /^(\d+)([A-Z])(?:([/>])(\d+)([A-Za-z_]+))?$/;

export function parseResource(letter: string): Resource {
  const resource = (RESOURCE_BY_LETTER as Record<string, Resource>)[letter];
  if (!resource) throw new NotationError(`invalid resource string: ${letter}`);
  return resource;
}

export function parseAffinity(text: string): Affinity {
  if (!(AFFINITIES as readonly string[]).includes(text)) throw new NotationError(`invalid affinity string: ${text}`);
  return text as Affinity;
}

export function parseCardType(text: string): CardType {
  if (!(CARD_TYPES as readonly string[]).includes(text)) throw new NotationError(`invalid card type string: ${text}`);
  return text as CardType;
}

function parseCounted(text: string, effect: string): CountedThing {
  if (!(COUNTED_THINGS as readonly string[]).includes(text)) {
    throw new NotationError(`invalid ability string: ${effect} (cannot count "${text}")`);
  }
  return text as CountedThing;
}

export function parseEffect(effect: string): Output {
  const match = EFFECT.exec(effect);
  if (!match) throw new NotationError(`invalid ability string: ${effect}`);
  // Groups 1 and 2 always take part in a match; 3 to 5 only in the `/` and `>` forms.
  const [, amount = '', letter = '', operator, number, thing] = match;
  const output: Output = { outputResource: parseResource(letter), outputRatio: Number(amount) };
  if (operator && number && thing) {
    const n = Number(number);
    if (n < 1) throw new NotationError(`invalid ability string: ${effect} (divisor and threshold start at 1)`);
    const counted = parseCounted(thing, effect);
    if (operator === '/') output.multiplier = { resource: counted, resourceDivisor: n };
    else output.upgradeCondition = { upgradeType: counted, upgradeAmount: n };
  }
  return output;
}

export function parseTarget(text: string, ability: string): Target {
  if (text === 'tribute') return { kind: 'tribute' };
  const [kind, value, ...rest] = text.split(':');
  if (rest.length > 0 || value === undefined) throw new NotationError(`invalid ability string: ${ability}`);
  switch (kind) {
    case 'token':
      if (value !== 'War') throw new NotationError(`invalid ability string: ${ability} (only token:War can be a target)`);
      return { kind: 'token', token: 'War' };
    case 'card_affinity':
      return { kind: 'card_affinity', affinity: parseAffinity(value) };
    case 'card_type':
      return { kind: 'card_type', cardType: parseCardType(value) };
    default:
      throw new NotationError(`invalid ability string: ${ability}`);
  }
}

/** Production and base production make only gold or military: that is what PRODUCTION events carry. */
const ECONOMY_ONLY: readonly AbilityKind[] = ['production', 'base-production'];

export function parseAbility(ability: string): Ability {
  const words = ability.split(' ');
  const kind = words[0] as AbilityKind;
  if (!ABILITY_KINDS.includes(kind)) throw new NotationError(`invalid ability string: ${ability}`);
  const targeted = kind === 'draft-target' || kind === 'acquire-target';
  if (words.length !== (targeted ? 3 : 2)) throw new NotationError(`invalid ability string: ${ability}`);
  const output = parseEffect(words[words.length - 1]!);
  if (ECONOMY_ONLY.includes(kind) && output.outputResource !== 'gold' && output.outputResource !== 'military') {
    throw new NotationError(`invalid ability string: ${ability} (${kind} makes only G or M)`);
  }
  if (targeted) {
    const target = parseTarget(words[1]!, ability);
    if (kind === 'draft-target' && (target.kind === 'tribute' || target.kind === 'token')) {
      throw new NotationError(`invalid ability string: ${ability} (a draft target is a card affinity or type)`);
    }
    return { kind, target, output };
  }
  return { kind: kind as Exclude<AbilityKind, 'draft-target' | 'acquire-target'>, output };
}

/** The notation of an output, the inverse of parseEffect (for card faces and logs). */
export function formatEffect(output: Output): string {
  const letter = Object.entries(RESOURCE_BY_LETTER).find(([, r]) => r === output.outputResource)![0];
  const head = `${output.outputRatio}${letter}`;
  if (output.multiplier) return `${head}/${output.multiplier.resourceDivisor}${output.multiplier.resource}`;
  if (output.upgradeCondition) return `${head}>${output.upgradeCondition.upgradeAmount}${output.upgradeCondition.upgradeType}`;
  return head;
}
