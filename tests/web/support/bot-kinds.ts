/**
 * The bot kinds as `definitions.get` lists them (type, label, who may seat them), written out for
 * component tests: loading the bots themselves (src/bots) doubled a lobby component file's cost.
 * tests/bots/bot-kinds-fixture.test.ts holds this list to the server's.
 */
export const BOT_KINDS = [
  { type: 'easy_bot', label: 'Easy Bot', visibility: 'visible' },
  { type: 'basic_bot', label: 'Advanced Bot', visibility: 'visible' },
  { type: 'basic_bot2', label: 'Advanced Bot 2', visibility: 'devOnly' },
  { type: 'valid_move', label: 'Valid Move', visibility: 'devOnly' },
  { type: 'random_card', label: 'Random Card', visibility: 'hidden' },
  { type: 'expert_bot', label: 'Expert Bot', visibility: 'visible' },
] as const;
