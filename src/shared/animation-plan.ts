/**
 * Which animations a batch of new events plays, and when: pure, so the timings are tested without
 * a DOM. The game screen's runner (src/web/game/presentation/animation-runner.ts) finds the
 * elements and flies clones of them; the server reads when a new trade row has landed
 * (`newRowDealtAt`), which the turn timer does not count. In src/shared so that the two agree.
 *
 * Durations are the game screen's own: a card flies in 0.4 s, is removed or dealt in 0.6 s, each unit of a
 * resource flies in 0.4 s, and successive animations start 0.1 s apart. Events of one kind form a
 * stage (gains, then tributes, then deals ...); a stage starts when the one before it has ended.
 */
import type { GameEvent } from '../engine/events.js';

export const CARD_FLY_MS = 400;
export const CARD_REMOVE_MS = 600;
export const CARD_DEAL_MS = 600;
export const RESOURCE_FLY_MS = 400;
export const DELAY_STEP_MS = 100;
/** At most this many units of one resource fly; a bigger gain flies this many and shows its sum. */
export const MAX_UNITS = 8;
/** A catch-up this large (a reconnect, a tab left in the background) is not replayed. */
export const MAX_REPLAYED_EVENTS = 80;

export const ANIMATION_KINDS = ['card-fly', 'card-remove', 'card-deal', 'resource-fly', 'tribute-fly'] as const;
export type AnimationKind = (typeof ANIMATION_KINDS)[number];

export type FlyingResource = 'gold' | 'military' | 'favor' | 'warTokens' | 'rerollTokens';

/** What to fly, from where to where; the runner resolves these against the DOM. */
export type AnimationStep =
  | { kind: 'card-fly'; delay: number; duration: number; cardID: number; from: 'trade-row-or-basic-pile' | 'trade-row'; toPlayerID: string | null }
  | { kind: 'card-deal'; delay: number; duration: number; cardID: number; tribute: boolean }
  | { kind: 'card-remove'; delay: number; duration: number; cardID: number; tribute: boolean }
  | { kind: 'tribute-fly'; delay: number; duration: number; tributeID: number; toPlayerID: string }
  | {
      kind: 'resource-fly';
      delay: number;
      duration: number;
      resource: FlyingResource;
      /** The amount this unit stands for (1, or the remainder on the last unit of a big gain). */
      amount: number;
      fromCardID: number | null;
      fromZone: 'board' | 'trade-row';
      toPlayerID: string;
    };

/** The runner's internal assertion: an animation of a kind the runner does not know. */
export function assertKnownStyle(kind: string): asserts kind is AnimationKind {
  if (!(ANIMATION_KINDS as readonly string[]).includes(kind)) throw new Error('unknown style');
}

/** The units that fly for a gain of `amount`: at most MAX_UNITS, the last carrying the rest. */
export function units(amount: number): number[] {
  if (amount <= 0) return [];
  const n = Math.min(amount, MAX_UNITS);
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? amount - (n - 1) : 1));
}

/** A step before it is scheduled (Omit over each member of the union). */
type Unscheduled = AnimationStep extends infer S ? (S extends AnimationStep ? Omit<S, 'delay'> : never) : never;

type Stage = 'gain' | 'tribute' | 'remove' | 'deal' | 'resource';

/** The steps one event plays, with delays relative to its own start (its stage and position set the rest). */
function stepsOf(event: GameEvent): { stage: Stage; steps: Unscheduled[] }[] {
  const resources = (userID: string, resource: FlyingResource, amount: number, fromZone: 'board' | 'trade-row' = 'board', fromCardID: number | null = null) =>
    units(amount).map((amount) => ({ kind: 'resource-fly' as const, duration: RESOURCE_FLY_MS, resource, amount, fromCardID, fromZone, toPlayerID: userID }));
  switch (event.type) {
    case 'GAIN_CARD': {
      const p = event.payload;
      const out: { stage: Stage; steps: Unscheduled[] }[] = [
        { stage: 'gain', steps: [{ kind: 'card-fly', duration: CARD_FLY_MS, cardID: p.cardID, from: 'trade-row-or-basic-pile', toPlayerID: p.userID }] },
      ];
      const triggered = p.triggeredCards.flatMap((t) => [
        ...resources(p.userID, 'gold', t.gold, 'board', t.cardID),
        ...resources(p.userID, 'military', t.military, 'board', t.cardID),
        ...resources(p.userID, 'favor', t.favor, 'board', t.cardID),
      ]);
      if (triggered.length > 0) out.push({ stage: 'resource', steps: triggered });
      return out;
    }
    case 'GAIN_TRIBUTES':
      return [
        {
          stage: 'tribute',
          steps: event.payload.tributeIDs.map((tributeID) => ({ kind: 'tribute-fly' as const, duration: CARD_REMOVE_MS, tributeID, toPlayerID: event.payload.userID })),
        },
      ];
    case 'DISCARD_TRIBUTE':
      return [{ stage: 'remove', steps: [{ kind: 'card-remove', duration: CARD_REMOVE_MS, cardID: event.payload.cardID, tribute: true }] }];
    case 'DEAL_CARD':
      return [{ stage: 'deal', steps: [{ kind: 'card-deal', duration: CARD_DEAL_MS, cardID: event.payload.cardID, tribute: false }] }];
    case 'DEAL_TRIBUTE':
      return [{ stage: 'deal', steps: [{ kind: 'card-deal', duration: CARD_DEAL_MS, cardID: event.payload.cardID, tribute: true }] }];
    case 'SLIDE_CARD':
      return [{ stage: 'deal', steps: [{ kind: 'card-fly', duration: CARD_FLY_MS, cardID: event.payload.cardID, from: 'trade-row', toPlayerID: null }] }];
    case 'PRODUCTION':
      return [
        {
          stage: 'resource',
          steps: [...resources(event.payload.userID, 'gold', event.payload.gold), ...resources(event.payload.userID, 'military', event.payload.military)],
        },
      ];
    case 'EARN_TOKEN':
      return [{ stage: 'resource', steps: resources(event.payload.userID, event.payload.token === 'War' ? 'warTokens' : 'rerollTokens', 1) }];
    case 'REFUND_MILITARY':
      return [{ stage: 'resource', steps: resources(event.payload.userID, 'military', event.payload.refundedMilitary, 'trade-row') }];
    case 'END_GAME_EFFECTS':
      return [
        {
          stage: 'resource',
          steps: event.payload.triggeredCards.flatMap((t) => resources(event.payload.userID, 'favor', t.favor, 'board', t.cardID)),
        },
      ];
    default:
      return [];
  }
}

/**
 * The schedule for a batch of new events (oldest first). Each step of a stage starts 0.1 s after
 * the one before; a new stage starts once the previous stage's last step has ended. Resource units
 * of one player follow each other 0.1 s apart, and players' flights overlap.
 */
export function planAnimations(events: readonly GameEvent[]): AnimationStep[] {
  if (events.length > MAX_REPLAYED_EVENTS) return [];
  const out: AnimationStep[] = [];
  let stage: Stage | null = null;
  let stageStart = 0;
  let stageEnd = 0;
  let cursor = 0;
  let cursorByPlayer = new Map<string, number>();
  for (const event of events) {
    for (const part of stepsOf(event)) {
      if (part.steps.length === 0) continue;
      if (part.stage !== stage) {
        stage = part.stage;
        stageStart = stageEnd;
        cursor = 0;
        cursorByPlayer = new Map();
      }
      for (const step of part.steps) {
        let index: number;
        if (step.kind === 'resource-fly') {
          index = cursorByPlayer.get(step.toPlayerID) ?? 0;
          cursorByPlayer.set(step.toPlayerID, index + 1);
        } else {
          index = cursor++;
        }
        const delay = stageStart + index * DELAY_STEP_MS;
        out.push({ ...step, delay } as AnimationStep);
        stageEnd = Math.max(stageEnd, delay + step.duration);
      }
    }
  }
  return out;
}

/**
 * Whether a plan moves a card from where it stood before the update (a row's card flying to a
 * board, a card or tribute taken off its row): only such a plan needs the rows' boxes read before
 * the update is drawn (dom-snapshot.ts). Resources fly from the cards as they stand after it, and
 * a deal from the deck.
 */
export const startsFromTheRows = (plan: readonly AnimationStep[]): boolean => plan.some((step) => step.kind === 'card-fly' || step.kind === 'card-remove' || step.kind === 'tribute-fly');

/** How long a plan runs, in ms. */
export const planLength = (plan: readonly AnimationStep[]): number => plan.reduce((end, s) => Math.max(end, s.delay + s.duration), 0);

/**
 * When, in ms from a plan's start, the last card of a trade row it deals wholly anew lands (a new
 * age's row; every turn's, under wipeTradeRow): until then there is no card on the row to bid on.
 * 0 when it deals none, or when some of `row`'s cards were there before (a turn's new cards beside
 * those left: a bid can be made on those meanwhile).
 */
export function newRowDealtAt(plan: readonly AnimationStep[], row: readonly (number | null)[]): number {
  const deals = plan.filter((s): s is Extract<AnimationStep, { kind: 'card-deal' }> => s.kind === 'card-deal' && !s.tribute);
  const dealt = new Set(deals.map((s) => s.cardID));
  return row.every((id) => id === null || dealt.has(id)) ? planLength(deals) : 0;
}
