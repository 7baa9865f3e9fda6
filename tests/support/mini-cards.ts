/**
 * A small, hand-made card set for rule tests: few enough cards that a test can say exactly what
 * is where. (The real set in data/ is tested by the full-game simulations.)
 */
import { loadDefinitions, type GameDefinitions } from '../../src/engine/index.js';

type Raw = Record<string, unknown>;

export function card(id: number, name: string, fields: Raw = {}): Raw {
  return {
    id,
    name,
    affinity: 'Tyros',
    type: 'Unit',
    age: 1,
    cost: 1,
    favor: 1,
    imageName: name.toLowerCase().replace(/ /g, '-'),
    abilities: [],
    ...fields,
  };
}

export function tribute(id: number, fn: string, params: Raw = {}, fields: Raw = {}): Raw {
  return {
    id,
    name: `Tribute ${id}`,
    function: fn,
    params,
    value: [1, 1, 1],
    tokens: 1,
    image: 'Akroa',
    description: `${fn} test tribute`,
    ...fields,
  };
}

const leaders = [100, 101, 102, 103, 104, 105, 106, 107].map((id) =>
  card(id, `Leader ${id}`, { affinity: 'Leader', type: 'Building', age: null, cost: 0, favor: 0, abilities: ['production 1G'] }),
);

const basics = [
  card(120, 'Town', { affinity: 'Basic', type: 'Building', age: null, cost: 3, favor: 0, abilities: ['base-production 1G'] }),
  card(121, 'Fort', { affinity: 'Basic', type: 'Building', age: null, cost: 3, favor: 0, abilities: ['base-production 1M'] }),
  card(122, 'Offering', { affinity: 'Basic', type: 'Event', age: null, cost: 0, favor: 0, abilities: ['gain-on-acquire 1G'] }),
  card(123, 'Levy', { affinity: 'Basic', type: 'Unit', age: 1, cost: 1, favor: 0, abilities: ['gain-on-acquire 2M'] }),
  card(124, 'Militia', { affinity: 'Basic', type: 'Unit', age: 2, cost: 2, favor: 1, abilities: [] }),
  card(125, 'Veterans', { affinity: 'Basic', type: 'Unit', age: 3, cost: 3, favor: 2, abilities: [] }),
];

const affinities = ['Derion', 'Tyros', 'Zeona'] as const;
const types = ['Building', 'Unit', 'Event'] as const;

/** `count` plain age cards per age, ids from 200/300/400, cycling affinities and types. */
function ageCards(count: number): Raw[] {
  return [1, 2, 3].flatMap((age) =>
    Array.from({ length: count }, (_, i) =>
      card(age * 100 + 100 + i, `Age ${age} Card ${i}`, {
        age,
        affinity: affinities[i % 3],
        type: types[Math.floor(i / 3) % 3],
        cost: age,
        favor: age,
      }),
    ),
  );
}

export interface MiniOptions {
  extraCards?: Raw[];
  tributes?: Raw[];
  ageCardCount?: number;
  modules?: Raw[];
}

export function miniDefinitions(options: MiniOptions = {}): GameDefinitions {
  const tributes = options.tributes ?? [tribute(1000, 'clashWithOpponent'), tribute(1001, 'haveSets', {}, { value: [9, 9, 9] })];
  return loadDefinitions({
    cards: [{ file: 'mini', content: [...leaders, ...basics, ...ageCards(options.ageCardCount ?? 12), ...(options.extraCards ?? [])] }],
    tributes: [{ file: 'mini-tributes', content: tributes }],
    modules: (options.modules ?? []).map((content, i) => ({ file: `mini-module-${i}`, content })),
  });
}
