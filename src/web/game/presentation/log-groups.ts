/**
 * The event log's grouping: consecutive events of the same type form one group, but only for the
 * types the log groups (GROUPED_EVENT_TYPES); every other event stands alone. A token earned by a
 * gain (EARN_TOKEN, which the engine writes right after the gain that brought it) stays in that
 * gain's group, so one turn's gains are not split in two by it. Newest group first.
 */
import { GROUPED_EVENT_TYPES, type EventType, type GameEvent } from '../../../engine/events.js';

export interface LogGroup {
  /** Stable across updates: the index in the log of the group's first event. */
  key: number;
  type: EventType;
  /** Oldest first within the group. */
  events: GameEvent[];
}

const GROUPED = new Set<EventType>(GROUPED_EVENT_TYPES);
/** The gains whose tokens follow them as EARN_TOKEN events. */
const EARNS_TOKENS = new Set<EventType>(['GAIN_CARD', 'GAIN_TRIBUTES']);

/** Whether a token earned now was earned by the group's last gain: the same player's, right before. */
function earnedBy(group: LogGroup, event: GameEvent): boolean {
  if (event.type !== 'EARN_TOKEN' || !EARNS_TOKENS.has(group.type)) return false;
  const last = group.events[group.events.length - 1]!;
  const gainer = last.type === 'EARN_TOKEN' || last.type === 'GAIN_CARD' || last.type === 'GAIN_TRIBUTES' ? last.payload.userID : null;
  return gainer === event.payload.userID;
}

export const isGroupedType = (type: EventType): boolean => GROUPED.has(type);

/** Groups the whole log (oldest first) and returns the groups newest first. */
export function groupEvents(events: readonly GameEvent[]): LogGroup[] {
  const groups: LogGroup[] = [];
  let current: LogGroup | null = null;
  events.forEach((event, index) => {
    if (current && ((current.type === event.type && GROUPED.has(event.type)) || earnedBy(current, event))) {
      current.events.push(event);
      return;
    }
    current = { key: index, type: event.type, events: [event] };
    groups.push(current);
  });
  return groups.reverse();
}
