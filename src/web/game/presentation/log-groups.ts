/**
 * The event log's grouping: consecutive events of the same type form one group, but only for the
 * types the log groups (GROUPED_EVENT_TYPES); every other event stands alone. Newest group first.
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

export const isGroupedType = (type: EventType): boolean => GROUPED.has(type);

/** Groups the whole log (oldest first) and returns the groups newest first. */
export function groupEvents(events: readonly GameEvent[]): LogGroup[] {
  const groups: LogGroup[] = [];
  let current: LogGroup | null = null;
  events.forEach((event, index) => {
    if (current && current.type === event.type && GROUPED.has(event.type)) {
      current.events.push(event);
      return;
    }
    current = { key: index, type: event.type, events: [event] };
    groups.push(current);
  });
  return groups.reverse();
}
