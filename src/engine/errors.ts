/**
 * Rule errors: a player's mistake is a value with a stable code and the exact message docs/protocol.md lists.
 * The engine never throws for a player's mistake; a throw is a bug.
 */

export const RULE_ERROR_CODES = [
  'bid/out-of-phase',
  'bid/invalid-military',
  'bid/invalid-trade-row-index',
  'bid/already-submitted',
  'unbid/not-enabled',
  'unbid/out-of-phase',
  'unbid/no-bid',
  'resolve/out-of-phase',
  'resolve/invalid-card',
  'resolve/card-not-found',
  'resolve/missing-bid',
  'resolve/not-enough-gold',
  'resolve/not-enough-war-tokens',
  'resolve/already-submitted',
  'reroll/out-of-phase',
  'reroll/round-mismatch',
  'reroll/invalid-type',
  'reroll/already-submitted',
  'reroll/no-tokens',
  'reroll/not-eligible',
  'action/invalid-user',
  'action/unknown-type',
  'action/game-over',
  'save/version-mismatch',
] as const;
export type RuleErrorCode = (typeof RULE_ERROR_CODES)[number];

export interface RuleError {
  ok: false;
  code: RuleErrorCode;
  message: string;
}

export function ruleError(code: RuleErrorCode, message: string): RuleError {
  return { ok: false, code, message };
}

/** The documented messages (docs/protocol.md), one place for each. */
export const errors = {
  bidOutOfPhase: () => ruleError('bid/out-of-phase', 'You can only bid during the planning phase.'),
  invalidMilitary: (n: number, max: number) => ruleError('bid/invalid-military', `Invalid military bid: ${n}. Max bid: ${max}`),
  invalidTradeRowIndex: () => ruleError('bid/invalid-trade-row-index', 'Invalid trade row index.'),
  bidAlreadySubmitted: () => ruleError('bid/already-submitted', 'bid already submitted'),
  unbidNotEnabled: () => ruleError('unbid/not-enabled', 'unbid is not enabled'),
  unbidOutOfPhase: () => ruleError('unbid/out-of-phase', 'cannot unbid after planning phase'),
  noBidToUnbid: () => ruleError('unbid/no-bid', 'no bid to unbid'),
  resolveOutOfPhase: () => ruleError('resolve/out-of-phase', 'You can only gain a card during the resolution phase.'),
  invalidCardSelection: () => ruleError('resolve/invalid-card', 'Invalid card selection.'),
  cardToGainNotFound: () => ruleError('resolve/card-not-found', 'card to gain not found'),
  missingBid: () => ruleError('resolve/missing-bid', 'Missing bid.'),
  notEnoughGold: () => ruleError('resolve/not-enough-gold', 'Not enough gold'),
  notEnoughWarTokens: () => ruleError('resolve/not-enough-war-tokens', 'Not enough Clash tokens'),
  resolveAlreadySubmitted: () => ruleError('resolve/already-submitted', 'resolve already submitted'),
  rerollOutOfPhase: () => ruleError('reroll/out-of-phase', 'You can only reroll during the war phase.'),
  rerollRoundMismatch: () => ruleError('reroll/round-mismatch', 'reroll count does not match'),
  invalidRerollType: () => ruleError('reroll/invalid-type', 'invalid reroll type'),
  rerollAlreadySubmitted: () => ruleError('reroll/already-submitted', 'reroll already submitted'),
  noRerollTokens: () => ruleError('reroll/no-tokens', 'no reroll tokens'),
  rerollNotEligible: () => ruleError('reroll/not-eligible', 'You have no reroll to decide.'),
  invalidUser: () => ruleError('action/invalid-user', 'invalid userID'),
  unknownActionType: (type: string) => ruleError('action/unknown-type', `unknown action type: ${type}`),
  gameOver: () => ruleError('action/game-over', 'The game is over.'),
  versionMismatch: (version: unknown, expected: number) =>
    ruleError('save/version-mismatch', `version mismatch: save version ${String(version)}, expected ${expected}`),
};
