/**
 * The effect notation of the card data and the validation of definitions at load:
 * every form, letter, ability kind and target kind, and each error with its exact message.
 */
import { describe, expect, it } from 'vitest';
import {
  DefinitionError,
  formatEffect,
  loadDefinitions,
  NotationError,
  parseAbility,
  parseEffect,
  type Output,
} from '../../src/engine/index.js';
import { card, miniDefinitions, tribute } from '../support/mini-cards.js';

/** The message of what `run` throws, checking it is a NotationError. */
function notationError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(NotationError);
    return (error as Error).message;
  }
  throw new Error('nothing was thrown');
}

describe('parseEffect', () => {
  it('reads an amount and a resource: "2G" is 2 gold', () => {
    expect(parseEffect('2G')).toEqual({ outputResource: 'gold', outputRatio: 2 });
  });

  it.each([
    ['G', 'gold'],
    ['V', 'favor'],
    ['M', 'military'],
    ['W', 'warTokens'],
    ['R', 'rerollTokens'],
  ])('reads the letter %s as %s', (letter, resource) => {
    expect(parseEffect(`3${letter}`)).toEqual({ outputResource: resource, outputRatio: 3 });
  });

  it('reads a multiplier: "1V/2Tyros" is 1 favor per 2 Tyros cards', () => {
    expect(parseEffect('1V/2Tyros')).toEqual({
      outputResource: 'favor',
      outputRatio: 1,
      multiplier: { resource: 'Tyros', resourceDivisor: 2 },
    });
  });

  it('reads an upgrade: "3M>2Unit" is 3 military once 2 Units are held', () => {
    expect(parseEffect('3M>2Unit')).toEqual({
      outputResource: 'military',
      outputRatio: 3,
      upgradeCondition: { upgradeType: 'Unit', upgradeAmount: 2 },
    });
  });

  it('reads amounts of more than one digit', () => {
    expect(parseEffect('12G/10Building')).toEqual({
      outputResource: 'gold',
      outputRatio: 12,
      multiplier: { resource: 'Building', resourceDivisor: 10 },
    });
  });

  it.each(['Tyros', 'Derion', 'Zeona', 'Unit', 'Building', 'Event', 'War', 'card_set'])('counts %s in both forms', (thing) => {
    expect(parseEffect(`1G/1${thing}`).multiplier).toEqual({ resource: thing, resourceDivisor: 1 });
    expect(parseEffect(`1G>1${thing}`).upgradeCondition).toEqual({ upgradeType: thing, upgradeAmount: 1 });
  });

  it.each(['X', 'A', 'Z'])('refuses the resource letter %s', (letter) => {
    expect(notationError(() => parseEffect(`2${letter}`))).toBe(`invalid resource string: ${letter}`);
  });

  it('refuses a bad resource letter in the multiplied and upgraded forms too', () => {
    expect(notationError(() => parseEffect('1X/2Tyros'))).toBe('invalid resource string: X');
    expect(notationError(() => parseEffect('1X>2Unit'))).toBe('invalid resource string: X');
  });

  it.each(['', 'G', 'G2', '2', '-1G', '2g', '2GG', '2 G', '1V/2', '1V/Tyros', '1V*2Tyros', '1V/2Tyros/3Unit'])(
    'refuses the malformed effect "%s"',
    (effect) => {
      expect(notationError(() => parseEffect(effect))).toBe(`invalid ability string: ${effect}`);
    },
  );

  it('refuses a thing that cannot be counted', () => {
    expect(notationError(() => parseEffect('1V/2Hades'))).toBe('invalid ability string: 1V/2Hades (cannot count "Hades")');
    expect(notationError(() => parseEffect('1V>2Basic'))).toBe('invalid ability string: 1V>2Basic (cannot count "Basic")');
  });

  it('refuses a divisor or threshold of 0', () => {
    expect(notationError(() => parseEffect('1V/0Tyros'))).toBe('invalid ability string: 1V/0Tyros (divisor and threshold start at 1)');
    expect(notationError(() => parseEffect('3M>0Unit'))).toBe('invalid ability string: 3M>0Unit (divisor and threshold start at 1)');
  });
});

describe('formatEffect', () => {
  it.each(['2G', '1V', '4M', '1W', '2R', '1V/2Tyros', '2G/1card_set', '3M>2Unit', '1R>1War', '10V/3Event'])(
    'writes "%s" back as it was read',
    (effect) => {
      expect(formatEffect(parseEffect(effect))).toBe(effect);
    },
  );

  it('writes an output built by hand', () => {
    const output: Output = { outputResource: 'favor', outputRatio: 2, upgradeCondition: { upgradeType: 'Derion', upgradeAmount: 3 } };
    expect(formatEffect(output)).toBe('2V>3Derion');
  });
});

describe('parseAbility: the kinds', () => {
  it.each([
    ['gain-on-acquire 2G', { kind: 'gain-on-acquire', output: { outputResource: 'gold', outputRatio: 2 } }],
    ['production 1M', { kind: 'production', output: { outputResource: 'military', outputRatio: 1 } }],
    ['base-production 1G', { kind: 'base-production', output: { outputResource: 'gold', outputRatio: 1 } }],
    [
      'end-of-game 1V/2Tyros',
      { kind: 'end-of-game', output: { outputResource: 'favor', outputRatio: 1, multiplier: { resource: 'Tyros', resourceDivisor: 2 } } },
    ],
    [
      'draft-target card_affinity:Zeona 1G',
      { kind: 'draft-target', target: { kind: 'card_affinity', affinity: 'Zeona' }, output: { outputResource: 'gold', outputRatio: 1 } },
    ],
    [
      'acquire-target card_type:Unit 2M',
      { kind: 'acquire-target', target: { kind: 'card_type', cardType: 'Unit' }, output: { outputResource: 'military', outputRatio: 2 } },
    ],
  ])('reads "%s"', (text, ability) => {
    expect(parseAbility(text)).toEqual(ability);
  });

  it('lets gain-on-acquire and end-of-game make any resource', () => {
    for (const letter of ['G', 'V', 'M', 'W', 'R']) {
      expect(parseAbility(`gain-on-acquire 1${letter}`).kind).toBe('gain-on-acquire');
      expect(parseAbility(`end-of-game 1${letter}`).kind).toBe('end-of-game');
    }
  });

  it('lets production and base-production carry a multiplier or an upgrade', () => {
    expect(parseAbility('production 1G/2Building')).toEqual({
      kind: 'production',
      output: { outputResource: 'gold', outputRatio: 1, multiplier: { resource: 'Building', resourceDivisor: 2 } },
    });
    expect(parseAbility('base-production 1M>3Unit')).toEqual({
      kind: 'base-production',
      output: { outputResource: 'military', outputRatio: 1, upgradeCondition: { upgradeType: 'Unit', upgradeAmount: 3 } },
    });
  });

  it.each([
    ['production', 'V'],
    ['production', 'W'],
    ['production', 'R'],
    ['base-production', 'V'],
    ['base-production', 'W'],
    ['base-production', 'R'],
  ])('refuses %s of %s: production makes only gold or military', (kind, letter) => {
    const text = `${kind} 1${letter}`;
    expect(notationError(() => parseAbility(text))).toBe(`invalid ability string: ${text} (${kind} makes only G or M)`);
  });

  it.each(['', 'harvest 1G', 'Production 1G', 'production', 'production 1G 1M', 'production  1G', 'end-of-game', 'acquire-target 1G'])(
    'refuses "%s"',
    (text) => {
      expect(notationError(() => parseAbility(text))).toBe(`invalid ability string: ${text}`);
    },
  );

  it('refuses a target on an untargeted kind', () => {
    expect(notationError(() => parseAbility('production card_type:Unit 1G'))).toBe('invalid ability string: production card_type:Unit 1G');
  });

  it('passes on the effect error of a bad effect', () => {
    expect(notationError(() => parseAbility('gain-on-acquire 2X'))).toBe('invalid resource string: X');
    expect(notationError(() => parseAbility('production 2'))).toBe('invalid ability string: 2');
  });
});

describe('parseAbility: the targets', () => {
  const gold = { outputResource: 'gold', outputRatio: 1 };

  it('reads "tribute"', () => {
    expect(parseAbility('acquire-target tribute 1G')).toEqual({ kind: 'acquire-target', target: { kind: 'tribute' }, output: gold });
  });

  it('reads "token:War"', () => {
    expect(parseAbility('acquire-target token:War 1G')).toEqual({
      kind: 'acquire-target',
      target: { kind: 'token', token: 'War' },
      output: gold,
    });
  });

  it.each(['Leader', 'Basic', 'Derion', 'Tyros', 'Zeona', 'None'])('reads "card_affinity:%s"', (affinity) => {
    expect(parseAbility(`acquire-target card_affinity:${affinity} 1G`)).toEqual({
      kind: 'acquire-target',
      target: { kind: 'card_affinity', affinity },
      output: gold,
    });
  });

  it.each(['Building', 'Unit', 'Event'])('reads "card_type:%s" for both targeted kinds', (cardType) => {
    for (const kind of ['draft-target', 'acquire-target']) {
      expect(parseAbility(`${kind} card_type:${cardType} 1G`)).toEqual({ kind, target: { kind: 'card_type', cardType }, output: gold });
    }
  });

  it('refuses an unknown affinity', () => {
    expect(notationError(() => parseAbility('acquire-target card_affinity:Hades 1G'))).toBe('invalid affinity string: Hades');
    expect(notationError(() => parseAbility('draft-target card_affinity:tyros 1G'))).toBe('invalid affinity string: tyros');
  });

  it('refuses an unknown card type', () => {
    expect(notationError(() => parseAbility('acquire-target card_type:Hero 1G'))).toBe('invalid card type string: Hero');
    expect(notationError(() => parseAbility('draft-target card_type:unit 1G'))).toBe('invalid card type string: unit');
  });

  it('refuses a token other than War', () => {
    expect(notationError(() => parseAbility('acquire-target token:Reroll 1G'))).toBe(
      'invalid ability string: acquire-target token:Reroll 1G (only token:War can be a target)',
    );
  });

  it.each([
    'acquire-target card_type 1G',
    'acquire-target card_type:Unit:Event 1G',
    'acquire-target colour:Red 1G',
    'acquire-target Tyros 1G',
    'acquire-target tribute:War 1G',
  ])('refuses the malformed target in "%s"', (text) => {
    expect(notationError(() => parseAbility(text))).toBe(`invalid ability string: ${text}`);
  });

  it.each(['draft-target tribute 1G', 'draft-target token:War 1G'])('refuses "%s": a draft target is a card', (text) => {
    expect(notationError(() => parseAbility(text))).toBe(`invalid ability string: ${text} (a draft target is a card affinity or type)`);
  });
});

/** The message of the DefinitionError that loading the mini set with `extraCards` throws. */
function loadError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DefinitionError);
    return (error as Error).message;
  }
  throw new Error('nothing was thrown');
}

const withCard = (fields: Record<string, unknown>) => () => miniDefinitions({ extraCards: [card(900, 'Bad Card', fields)] });

function moduleDef(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    key: 'conquest',
    name: 'Conquest',
    state: 'disabled',
    description: 'test module',
    cardDefs: [],
    tributeCardDefs: [],
    cardsToRemove: [],
    tributeCardsToRemove: [],
    replaceCore: [],
    gameOptionsToAdd: {},
    ...fields,
  };
}

describe('loadDefinitions', () => {
  it('loads the mini set and sorts abilities into effect kinds', () => {
    const definitions = miniDefinitions({
      extraCards: [card(900, 'Good Card', { abilities: ['production 1G', 'acquire-target tribute 2V', 'end-of-game 1V/1card_set'] })],
    });
    const good = definitions.cardDefs.find((c) => c.id === 900)!;
    expect(good.effects).toEqual({
      baseEffect: [],
      turnEffect: [{ outputResource: 'gold', outputRatio: 1 }],
      gainSelfEffect: [],
      draftOtherEffect: [],
      gainOtherEffect: [{ target: { kind: 'tribute' }, output: { outputResource: 'favor', outputRatio: 2 } }],
      endOfGameEffect: [{ outputResource: 'favor', outputRatio: 1, multiplier: { resource: 'card_set', resourceDivisor: 1 } }],
    });
  });

  it('names the file, the card and the field of a bad cost', () => {
    expect(loadError(withCard({ cost: -1 }))).toBe('mini: card 900 (Bad Card): field cost: Too small: expected number to be >=0');
    expect(loadError(withCard({ cost: 26 }))).toBe('mini: card 900 (Bad Card): field cost: Too big: expected number to be <=25');
  });

  it('names the ability of a bad ability string, with the notation message', () => {
    expect(loadError(withCard({ abilities: ['production 1G', 'harvest 1G'] }))).toBe(
      'mini: card 900 (Bad Card): field abilities.1: invalid ability string: harvest 1G',
    );
    expect(loadError(withCard({ abilities: ['gain-on-acquire 2X'] }))).toBe(
      'mini: card 900 (Bad Card): field abilities.0: invalid resource string: X',
    );
  });

  it("gives the engine's message for a bad affinity or card type", () => {
    expect(loadError(withCard({ affinity: 'Hades' }))).toBe('mini: card 900 (Bad Card): field affinity: invalid affinity string: Hades');
    expect(loadError(withCard({ type: 'Hero' }))).toBe('mini: card 900 (Bad Card): field type: invalid card type string: Hero');
    expect(loadError(withCard({ abilities: ['acquire-target card_affinity:Hades 1G'] }))).toBe(
      'mini: card 900 (Bad Card): field abilities.0: invalid affinity string: Hades',
    );
  });

  it('refuses an id below 100 and a field it does not know', () => {
    expect(loadError(withCard({ id: 99 }))).toBe('mini: card 99 (Bad Card): field id: Too small: expected number to be >=100');
    expect(loadError(withCard({ colour: 'red' }))).toBe('mini: card 900 (Bad Card): field (card): Unrecognized key: "colour"');
  });

  it('names a card without a name by its id, and one without an id by its place in the file', () => {
    expect(loadError(() => miniDefinitions({ extraCards: [{ id: 900 }] }))).toBe(
      'mini: card 900: field name: Invalid input: expected string, received undefined',
    );
    const nameless = () =>
      loadDefinitions({ cards: [{ file: 'cards.json', content: [{ name: 'No Id' }] }], tributes: [], modules: [] });
    expect(loadError(nameless)).toMatch(/^cards\.json: card #0 \(No Id\): field id: /);
  });

  it('reports every problem at once, not only the first', () => {
    const run = () =>
      miniDefinitions({ extraCards: [card(900, 'Bad Cost', { cost: -1 }), card(901, 'Bad Ability', { abilities: ['harvest 1G'] }), card(200, 'Copy')] });
    expect(loadError(run).split('\n')).toEqual([
      'mini: card 900 (Bad Cost): field cost: Too small: expected number to be >=0',
      'mini: card 901 (Bad Ability): field abilities.0: invalid ability string: harvest 1G',
      'cards: id 200 is defined twice',
    ]);
  });

  it('names the file whose content is not a list', () => {
    const run = () => loadDefinitions({ cards: [{ file: 'cards.json', content: { id: 100 } }], tributes: [], modules: [] });
    expect(loadError(run)).toBe('cards.json: expected an array of definitions');
  });

  it('names the file, the tribute and the field of a bad tribute', () => {
    expect(loadError(() => miniDefinitions({ tributes: [tribute(1000, 'haveSets', {}, { value: [1, 2] })] }))).toBe(
      'mini-tributes: tribute 1000 (Tribute 1000): field value: Too small: expected array to have >=3 items',
    );
    expect(loadError(() => miniDefinitions({ tributes: [tribute(1000, 'winEverything')] }))).toMatch(
      /^mini-tributes: tribute 1000 \(Tribute 1000\): field function: Invalid discriminator value/,
    );
  });

  it('refuses a card id defined twice, in the core set or in a module', () => {
    expect(loadError(() => miniDefinitions({ extraCards: [card(200, 'Copy')] }))).toBe('cards: id 200 is defined twice');
    expect(loadError(() => miniDefinitions({ modules: [moduleDef({ cardDefs: [card(120, 'Other Town')] })] }))).toBe(
      'cards: id 120 is defined twice',
    );
  });

  it('refuses a tribute id defined twice', () => {
    expect(loadError(() => miniDefinitions({ tributes: [tribute(1000, 'haveSets'), tribute(1000, 'clashWithOpponent')] }))).toBe(
      'tributes: id 1000 is defined twice',
    );
  });

  it('refuses a module that removes or replaces a card that is not a core card', () => {
    expect(loadError(() => miniDefinitions({ modules: [moduleDef({ cardsToRemove: [999] })] }))).toBe(
      'module conquest: card 999 is not a core card',
    );
    expect(loadError(() => miniDefinitions({ modules: [moduleDef({ replaceCore: [card(998, 'Ghost')] })] }))).toBe(
      'module conquest: card 998 is not a core card',
    );
    expect(loadError(() => miniDefinitions({ modules: [moduleDef({ tributeCardsToRemove: [1999] })] }))).toBe(
      'module conquest: tribute 1999 is not a core tribute',
    );
  });

  it('names the module file of a bad module card', () => {
    expect(loadError(() => miniDefinitions({ modules: [moduleDef({ cardDefs: [card(950, 'Module Card', { cost: -1 })] })] }))).toBe(
      'mini-module-0: card 950 (Module Card): field cost: Too small: expected number to be >=0',
    );
  });

  it('refuses a basic pile without a free card, age by age', () => {
    const basics = (cards: Record<string, unknown>[]) => () =>
      loadDefinitions({ cards: [{ file: 'basic.json', content: cards }], tributes: [], modules: [] });
    const basic = (id: number, age: number | null, cost: number, extra: Record<string, unknown> = {}) =>
      card(id, `Basic ${id}`, { affinity: 'Basic', age, cost, ...extra });

    expect(loadError(basics([basic(120, null, 1)]))).toBe(
      [1, 2, 3].map((age) => `core cards: the age ${age} basic pile has no card that costs nothing`).join('\n'),
    );
    expect(loadError(basics([basic(120, 1, 0), basic(121, 3, 0)]))).toBe(
      'core cards: the age 2 basic pile has no card that costs nothing',
    );
    expect(loadError(basics([basic(120, null, 0, { additionalCosts: { warTokens: 1 } })]))).toMatch(
      /^core cards: the age 1 basic pile has no card that costs nothing\n/,
    );
    expect(basics([basic(120, null, 0)])().cardDefs).toHaveLength(1);
  });
});
