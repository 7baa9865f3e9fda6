/** The card and the tribute that illustrate the rules page's anatomy sections. */
import type { CardDef, TributeDef } from '../../engine/cards/schema.js';

// Two real cards of the set, copied here so the rules page does not ship the whole card set
// (tests/web/rules.test.ts checks they still match data/).
export const SAMPLE_CARD: CardDef = {
  id: 419,
  name: "Warlord's Throne",
  affinity: 'Tyros',
  type: 'Building',
  age: 3,
  cost: 7,
  favor: 5,
  imageName: 'warlords-throne',
  additionalCosts: { warTokens: 1 },
  abilities: ['end-of-game 1V/3War'],
  flavor: 'Forged from the swords of every king who knelt.',
};
export const SAMPLE_TRIBUTE: TributeDef = {
  id: 1008,
  name: 'Muster of the Legions',
  function: 'haveCards',
  params: { type: 'Unit' },
  value: [3, 5, 7],
  tokens: 1,
  image: 'Tyros',
  description: 'Hold at least 3/5/7 Unit cards (age 1/2/3).',
};

