/** The real card set in data/: complete, valid, and modules that really change it. */
import { describe, expect, it } from 'vitest';
import { ABILITY_KINDS } from '../../src/engine/cards/notation.js';
import { GAME_DEFINITIONS } from '../../src/engine/data.js';
import { AFFINITIES, CARD_TYPES, COUNTED_THINGS, buildCardSet, parseAbility, type ModuleKey } from '../../src/engine/index.js';

const core = GAME_DEFINITIONS.cardDefs;
const abilities = core.flatMap((c) => c.abilities.map(parseAbility));
const moduleOf = (key: ModuleKey) => GAME_DEFINITIONS.modules.find((m) => m.key === key)!;

describe('the core card set', () => {
  it('has 8 leaders and three age decks of 50 cards, ids from 100', () => {
    expect(core.filter((c) => c.affinity === 'Leader')).toHaveLength(8);
    for (const age of [1, 2, 3]) {
      expect(core.filter((c) => c.age === age && c.affinity !== 'Basic' && c.affinity !== 'Leader')).toHaveLength(50);
    }
    expect(Math.min(...core.map((c) => c.id))).toBe(100);
  });

  it('has the Town and the Fort among the basic cards', () => {
    expect(core.find((c) => c.name === 'Town')).toMatchObject({ affinity: 'Basic', abilities: ['base-production 1G'] });
    // The rules name these two (Town lowers costs, Fort lowers military spent): their base
    // production must stay; their other values are balance data (docs/balance.md).
    expect(core.find((c) => c.name === 'Fort')).toMatchObject({ affinity: 'Basic' });
    expect(core.find((c) => c.name === 'Fort')!.abilities).toContain('base-production 1M');
  });

  it('uses every affinity, card type, ability kind, target kind, counted thing and effect form', () => {
    expect(new Set(core.map((c) => c.affinity))).toEqual(new Set(AFFINITIES));
    expect(new Set(core.map((c) => c.type))).toEqual(new Set(CARD_TYPES));
    expect(new Set(abilities.map((a) => a.kind))).toEqual(new Set(ABILITY_KINDS));
    const targets = new Set(abilities.flatMap((a) => ('target' in a ? [a.target.kind] : [])));
    expect(targets).toEqual(new Set(['tribute', 'token', 'card_affinity', 'card_type']));
    const counted = new Set(abilities.flatMap((a) => [a.output.multiplier?.resource, a.output.upgradeCondition?.upgradeType]).filter(Boolean));
    expect(counted).toEqual(new Set(COUNTED_THINGS));
  });

  it('has a tribute of every kind', () => {
    const kinds = new Set(GAME_DEFINITIONS.tributeCardDefs.map((t) => t.function));
    expect(kinds.size).toBe(19);
  });
});

describe('modules', () => {
  it('conquest removes cards, adds its own and turns on war tokens', () => {
    const m = moduleOf('conquest');
    const set = buildCardSet(GAME_DEFINITIONS, ['conquest']);
    for (const id of m.cardsToRemove) expect(set.cardsByID[id]).toBeUndefined();
    for (const card of m.cardDefs) expect(set.cardsByID[card.id]).toBe(card);
    expect(m.cardsToRemove.length).toBeGreaterThan(0);
    expect(set.optionsToAdd).toEqual({ warTokens: true });
    expect(m.state).toBe('disabled');
  });

  it('altleaders replaces every core leader', () => {
    const set = buildCardSet(GAME_DEFINITIONS, ['altleaders']);
    const leaders = Object.values(set.cardsByID).filter((c) => c.affinity === 'Leader');
    expect(leaders.map((c) => c.id).sort()).toEqual(moduleOf('altleaders').cardDefs.map((c) => c.id).sort());
    expect(moduleOf('altleaders').state).toBe('enabled');
  });

  it('noupgrade (dev only) replaces every card with an upgrade by one without', () => {
    const upgraded = core.filter((c) => c.abilities.some((a) => a.includes('>')));
    const set = buildCardSet(GAME_DEFINITIONS, ['noupgrade']);
    expect(upgraded.length).toBeGreaterThan(0);
    for (const card of upgraded) {
      expect(set.cardsByID[card.id]!.abilities.some((a) => a.includes('>'))).toBe(false);
      expect(set.cardsByID[card.id]!.name).toBe(card.name);
    }
    expect(moduleOf('noupgrade').state).toBe('devOnly');
  });

  it('beta and legacy replace core cards and swap tributes; legacy turns on reroll tokens', () => {
    for (const key of ['beta', 'legacy'] as const) {
      const m = moduleOf(key);
      const set = buildCardSet(GAME_DEFINITIONS, [key]);
      expect(m.replaceCore.length).toBeGreaterThan(0);
      for (const card of m.replaceCore) expect(set.cardsByID[card.id]).toBe(card);
      for (const id of m.tributeCardsToRemove) expect(set.tributeCardsByID[id]).toBeUndefined();
      for (const t of m.tributeCardDefs) expect(set.tributeCardsByID[t.id]).toBe(t);
    }
    expect(buildCardSet(GAME_DEFINITIONS, ['legacy']).optionsToAdd).toEqual({ rerollTokens: true });
  });
});
