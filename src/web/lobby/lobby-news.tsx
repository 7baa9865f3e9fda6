/**
 * What a screen reader hears of a lobby as it changes: the site's news region ("Lobby news", out
 * of sight: components/news-log.tsx), saying each change once in a short sentence. Someone sitting
 * down or leaving, a bot taking a seat or removed, the host changing (an idle lobby is handed to
 * the next person seated), the settings changing (the turn timer, the pace, the options, the
 * modules, the odds shown). Nothing when the page first shows the lobby (only changes), nothing
 * for a lobby that comes again unchanged, and nothing of the viewer's own doing that their control
 * already shows: their own seat, the host's own settings. Not the game starting: the page moves to
 * the game at once, whose own news says it (game/presentation/announcer.tsx). A Kick's row goes
 * with the person, so the host hears who was removed.
 */
import { useEffect, useRef } from 'react';
import { NewsLog, useNewsLines } from '../components/news-log.js';
import type { Definitions, Lobby } from '../lib/api-types.js';
import { OPTION_LABELS, SHOW_ODDS_LABEL, type OptionKey } from './options.js';
import { spokenDecisionTime, TURN_PACE_LABELS } from './pace-words.js';

const onOff = (value: boolean) => (value ? 'on' : 'off');

/**
 * The news between two states of one lobby, as `viewerID` hears it. `kicked`: the people the viewer
 * (the host) removed; `moduleNames`: the modules' names as the page shows them.
 */
export function lobbyNews(before: Lobby, after: Lobby, viewerID: string, { kicked = new Set<string>() as ReadonlySet<string>, moduleNames = {} as Record<string, string> } = {}): string[] {
  const out: string[] = [];
  const bots = new Set([...before.playerIDToBotType, ...after.playerIDToBotType].map(([id]) => id));
  const was = new Set(before.players.map((p) => p.id));
  const is = new Set(after.players.map((p) => p.id));
  for (const p of before.players) {
    if (is.has(p.id) || p.id === viewerID) continue;
    out.push(kicked.has(p.id) || bots.has(p.id) ? `${p.name} was removed from the table.` : `${p.name} left the table.`);
  }
  for (const p of after.players) {
    if (was.has(p.id) || p.id === viewerID) continue;
    out.push(bots.has(p.id) ? `${p.name} took a seat.` : `${p.name} sat down.`);
  }
  if (after.host.id !== before.host.id) {
    out.push(after.host.id === viewerID ? 'You are the host now: you add bots, choose the settings and start the game.' : `${after.host.name} is the host now.`);
  }
  // The settings, changed by the host: their own boxes and choices already show them what they did.
  if (before.host.id !== viewerID) {
    if (after.turnTimer !== before.turnTimer) {
      const time = `${spokenDecisionTime(after.turnTimerSeconds)} a decision`;
      out.push(
        after.turnTimer === 'off'
          ? 'The turn timer is off: the game waits for every player.'
          : after.turnTimer === 'on'
            ? `The turn timer is on: ${time}.`
            : `The turn timer is automatic: on with two or more people, ${time}.`,
      );
    } else if (after.turnTimer !== 'off' && (after.turnPace !== before.turnPace || after.turnTimerSeconds !== before.turnTimerSeconds)) {
      out.push(`The pace is ${TURN_PACE_LABELS[after.turnPace].toLowerCase()}: ${spokenDecisionTime(after.turnTimerSeconds)} a decision.`);
    }
    const options = new Set([...Object.keys(before.options), ...Object.keys(after.options)] as OptionKey[]);
    for (const key of options) {
      if (Boolean(before.options[key]) !== Boolean(after.options[key])) out.push(`${OPTION_LABELS[key] ?? key} is ${onOff(Boolean(after.options[key]))}.`);
    }
    for (const key of new Set([...before.modules, ...after.modules])) {
      const on = after.modules.includes(key);
      if (before.modules.includes(key) !== on) out.push(`${moduleNames[key] ?? key} is ${onOff(on)}.`);
    }
    if (before.showOddsToPlayers !== after.showOddsToPlayers) out.push(`${SHOW_ODDS_LABEL} is ${onOff(after.showOddsToPlayers)}.`);
  }
  return out;
}

export function LobbyNews({ lobby, viewerID, kicked, definitions }: { lobby: Lobby; viewerID: string; kicked: ReadonlySet<string>; definitions: Definitions | undefined }) {
  const { lines, say } = useNewsLines();
  const seen = useRef<Lobby | null>(null);
  const moduleNames = Object.fromEntries((definitions?.modules ?? []).map((m) => [m.key, m.name]));
  useEffect(() => {
    const before = seen.current;
    seen.current = lobby;
    // The page's first sight of the lobby: nothing is news yet.
    if (before === null || before === lobby) return;
    say(lobbyNews(before, lobby, viewerID, { kicked, moduleNames }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lobby]);
  return <NewsLog label="Lobby news" lines={lines} testID="lobby-news" />;
}
