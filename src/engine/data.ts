/**
 * The game's own definitions from `data/`, validated once at load. A bad file stops the program
 * with an error naming the file, the card and the field.
 */
import leaders from '../../data/cards/leaders.json' with { type: 'json' };
import basic from '../../data/cards/basic.json' with { type: 'json' };
import age1 from '../../data/cards/age-1.json' with { type: 'json' };
import age2 from '../../data/cards/age-2.json' with { type: 'json' };
import age3 from '../../data/cards/age-3.json' with { type: 'json' };
import tributes from '../../data/tributes.json' with { type: 'json' };
import conquest from '../../data/modules/conquest.json' with { type: 'json' };
import beta from '../../data/modules/beta.json' with { type: 'json' };
import altleaders from '../../data/modules/altleaders.json' with { type: 'json' };
import noupgrade from '../../data/modules/noupgrade.json' with { type: 'json' };
import legacy from '../../data/modules/legacy.json' with { type: 'json' };
import { loadDefinitions, type GameDefinitions } from './cards/definitions.js';

export const GAME_DEFINITIONS: GameDefinitions = loadDefinitions({
  cards: [
    { file: 'data/cards/leaders.json', content: leaders },
    { file: 'data/cards/basic.json', content: basic },
    { file: 'data/cards/age-1.json', content: age1 },
    { file: 'data/cards/age-2.json', content: age2 },
    { file: 'data/cards/age-3.json', content: age3 },
  ],
  tributes: [{ file: 'data/tributes.json', content: tributes }],
  modules: [
    { file: 'data/modules/conquest.json', content: conquest },
    { file: 'data/modules/beta.json', content: beta },
    { file: 'data/modules/altleaders.json', content: altleaders },
    { file: 'data/modules/noupgrade.json', content: noupgrade },
    { file: 'data/modules/legacy.json', content: legacy },
  ],
});
