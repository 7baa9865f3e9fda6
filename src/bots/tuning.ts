/**
 * Bot tuning parameters by age ("Bot decision tuning parameters by age exist").
 * Each bot keeps its values as data in `tuning/<bot>.json`, one object per age.
 */
export type ByAge<T> = Record<'1' | '2' | '3', T>;

export function forAge<T>(tuning: ByAge<T>, age: number): T {
  return tuning[String(Math.min(3, Math.max(1, age))) as '1' | '2' | '3'];
}

/** How much things are worth, in favor, to the evaluation shared by the advanced bots. */
export interface ValueTuning {
  /** Favor per gold, per military, per Clash token and per reroll token held in this age. */
  goldValue: number;
  militaryValue: number;
  warTokenValue: number;
  rerollTokenValue: number;
  /** Beyond these amounts gold and military are worth only what endgame scoring pays. */
  goldSoftCap: number;
  militarySoftCap: number;
  /** Gold a point of base gold saves per turn, and military a point of base military adds. */
  baseGoldPerTurn: number;
  baseMilitaryPerTurn: number;
  /** Expected tributes completed, and Clash tokens earned, per turn (tokens: without/with the warTokens option). */
  tributesPerTurn: number;
  warTokensPerTurn: number;
  warTokensPerTurnWithOption: number;
  /** The share of gains that come from the trade row rather than the basic pile. */
  draftShare: number;
}

/** The advanced bot's tuning: values, its model of rivals' bids, and its bidding and reroll habits. */
export interface AdvancedTuning extends ValueTuning {
  opponentTemperature: number;
  opponentMinBidShare: number;
  /** How much a rival's loss counts against theirs (divided among the rivals). */
  denialWeight: number;
  /** Rerolls with a smaller chance of taking the lead are declined. */
  rerollMinChance: number;
  /** Bids above base military considered, besides everything at once. */
  maxExtraBid: number;
  /** Softness of its own bid, in favor: bids this much apart are made e (2.7) times as often. */
  bidTemperature: number;
  /** The same for its other hidden choices: the card it gains, and (basic_bot2) a reroll. */
  choiceTemperature: number;
}
