/**
 * A lobby's turn timer: whether a bot takes a decision left too long, and the pace (how long each
 * decision may take while the timer is on). The host chooses both; everyone else reads them, with
 * the time each decision has and, with the timer off, why such a game is not rated.
 */
import { NativeSelect, Text } from '@mantine/core';
import type { Lobby } from '../lib/api-types.js';
import { LobbyPanel } from './lobby-panel.js';
import { TURN_TIMER_LABELS, type TurnTimer } from './options.js';
import { decisionTime, TURN_PACE_LABELS, type TurnPace } from './pace-words.js';

export function TurnTimerPanel({
  lobby,
  hosting,
  offline,
  onTimer,
  onPace,
}: {
  lobby: Lobby;
  hosting: boolean;
  offline: boolean;
  onTimer: (turnTimer: TurnTimer) => void;
  onPace: (pace: TurnPace) => void;
}) {
  return (
    <LobbyPanel title="Turn Timer">
      {hosting ? (
        <Choice
          label="When a player takes too long"
          description="A bot plays a decision left too long, until its player is back. A game nobody watches is finished by bots; a seat a bot played most of counts as a loss."
          value={lobby.turnTimer}
          labels={TURN_TIMER_LABELS}
          disabled={offline}
          onChoose={onTimer}
        />
      ) : (
        <Text>{TURN_TIMER_LABELS[lobby.turnTimer]}</Text>
      )}
      {lobby.turnTimer === 'off' ? (
        <Text size="sm" mt="xs" data-testid="unrated-timer">
          Not rated with two or more people: with the timer off, one player could keep the others waiting for ever.
        </Text>
      ) : (
        <>
          {hosting && (
            <Choice
              mt="sm"
              label="Pace"
              description="A fast game for a short break, a slow one for a long evening."
              value={lobby.turnPace}
              labels={TURN_PACE_LABELS}
              disabled={offline}
              onChoose={onPace}
            />
          )}
          <Text size="sm" mt="xs" data-testid="timer-length">
            {hosting ? '' : `${TURN_PACE_LABELS[lobby.turnPace]} pace. `}Time for each decision: {decisionTime(lobby.turnTimerSeconds)}.
          </Text>
        </>
      )}
    </LobbyPanel>
  );
}

/** One of a setting's values, chosen from its labels (in their order). */
function Choice<T extends string>({ labels, onChoose, ...select }: { label: string; description: string; value: T; labels: Record<T, string>; disabled: boolean; onChoose: (value: T) => void; mt?: string }) {
  return (
    <NativeSelect
      {...select}
      data={(Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }))}
      onChange={(event) => onChoose(event.currentTarget.value as T)}
    />
  );
}
