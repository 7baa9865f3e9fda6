/**
 * Sounds of the game screen: a gong on age change, a horn on the last turn of an age, a chime on
 * phase change, at volume 0.3. Nothing plays on load, nor before the first click or key press
 * (browsers block audio until then), nor while muted with `SoundToggle`. Given the presented state
 * (`usePresentedState`), a phase a clash leads to sounds when its dice have settled, not before.
 */
import { useEffect, useRef, useState, type Ref } from 'react';
import { UnstyledButton } from '@mantine/core';
import { IconVolume, IconVolumeOff } from '@tabler/icons-react';
import type { GameScreenState } from '../model.js';
import { useSoundMuted, writeSoundMuted } from './prefs.js';
import { soundCue, SOUND_VOLUME } from './sound-cues.js';
import { playCue, unlockAudio } from './synth.js';
import { heldBack } from './use-event-animations.js';
import { onDemand } from '../../lib/on-demand.js';
import classes from './sound-toggle.module.css';

/** The switch's tooltip, with floating-ui: loaded when the switch is first pointed at or focused. */
const tooltip = onDemand(() => import('./sound-tooltip.js'));

export function useGameSounds(state: GameScreenState, { volume = SOUND_VOLUME, muted: forceMuted = false }: { volume?: number; muted?: boolean } = {}): void {
  const muted = useSoundMuted() || forceMuted;
  const previous = useRef<GameScreenState['game'] | null>(null);

  useEffect(() => {
    const unlock = () => unlockAudio();
    window.addEventListener('pointerdown', unlock, { capture: true });
    window.addEventListener('keydown', unlock, { capture: true });
    return () => {
      window.removeEventListener('pointerdown', unlock, { capture: true });
      window.removeEventListener('keydown', unlock, { capture: true });
    };
  }, []);

  const { game } = state;
  useEffect(() => {
    // The screen's presented state, for an instant not yet held back for the clash it brings:
    // the state before comes back at once, and the cue waits until the dice have settled.
    if (heldBack(state.events.length)) return;
    const before = previous.current && previous.current.id === game.id ? previous.current : null;
    previous.current = game;
    const cue = soundCue(before, game);
    if (cue && !muted) playCue(cue, volume);
  }, [game, state.events.length, muted, volume]);
}

/**
 * The mute switch for the game's sounds (remembered on this device). A plain button drawn as
 * Mantine's subtle gold ActionIcon (sound-toggle.module.css): the game screen used ActionIcon
 * nowhere else, and its script was 1 KB gzip of the page's first load.
 */
export function SoundToggle() {
  const muted = useSoundMuted();
  const loaded = tooltip.use();
  const [focused, setFocused] = useState(false);
  const label = muted ? 'Unmute sounds' : 'Mute sounds';
  const button = (ref?: Ref<HTMLButtonElement>) => (
    <UnstyledButton
      ref={ref}
      className={classes.toggle}
      aria-label={label}
      aria-pressed={muted}
      onPointerEnter={tooltip.load}
      onFocus={() => {
        setFocused(true);
        tooltip.load();
      }}
      onBlur={() => setFocused(false)}
      onClick={() => {
        unlockAudio();
        writeSoundMuted(!muted);
      }}
    >
      {muted ? <IconVolumeOff size={20} /> : <IconVolume size={20} />}
    </UnstyledButton>
  );
  return loaded ? <loaded.SoundTooltip label={label} focused={focused} button={button} /> : button();
}
