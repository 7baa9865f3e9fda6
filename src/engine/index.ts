/** The rules of Mythos: pure, deterministic, synchronous. */
export * from './types.js';
export * from './state.js';
export * from './events.js';
export * from './errors.js';
export type { Action, ActionType, RerollType } from './actions/action.js';
export { ACTION_TYPES, REROLL_TYPES } from './actions/action.js';
export { parseAction } from './actions/parse-action.js';
export { createGame, SetupError, type GameSetup, type PlayerSetup } from './create-game.js';
export { applyAction, type ActionResult } from './apply-action.js';
export { advance } from './advance.js';
export { startGame, playAction, type StepObserver } from './play.js';
export { eventsFor, favorHidden, HIDDEN_PLAYER, openViewFor, viewFor, type GameView, type OpenView } from './view.js';
export { pendingDecision, legalActions, type Decision, type DecisionSource, type CardChoice, type Refusal } from './pending.js';
export { clashWinProbabilities, diceSumDistribution } from './probability.js';
export { migrate, migrateV1toV2, migrateV2toV3, migrateV3toV4, migrateV4toV5, type SaveV1, type SaveV2, type SaveV3, type SaveV4 } from './migrations.js';
export { loadDefinitions, buildCardSet, DefinitionError, devOnlyModules, type Card, type TributeCard, type GameDefinitions, type ModuleDef, noModuleContent } from './cards/definitions.js';
export { parseAbility, parseEffect, formatEffect, NotationError, type Ability, type Output, type Target } from './cards/notation.js';
export { baseGold, baseMilitary, deitySets, countOf, isUpgraded, outputAmount, type CardLookup } from './effects.js';
export { goldCost, paymentRefusal, prophecyFavor } from './costs.js';
export { maxBid } from './actions/bid.js';
export {
  mixSeed,
  seedState,
  chachaState,
  xoroshiroState,
  rngFromState,
  stateOf,
  randomInt,
  shuffle,
  rollDice,
  RNG_KINDS,
  type Rng,
  type RngKind,
  type RngState,
} from './rng.js';
export {
  isSeed,
  seedFromNumber,
  commitmentOf,
  deriveSeed,
  mixedSeed,
  newSeedValueProblem,
  seedValueProblem,
  MAX_SEED_VALUE_LENGTH,
  SEED_MIX_TAG,
  type Seed,
  type SeedContribution,
  type SeedMix,
} from './seed.js';
