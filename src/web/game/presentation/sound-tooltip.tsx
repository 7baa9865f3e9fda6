/**
 * The mute switch's tooltip (see use-game-sounds.tsx), loaded the first time the switch is pointed
 * at or focused: Mantine's Tooltip brings floating-ui, which the game's first screen does not
 * otherwise need. A switch that had the keyboard's focus keeps it.
 */
import { useEffect, useRef, type ReactElement, type Ref } from 'react';
import { Tooltip } from '@mantine/core';

export function SoundTooltip({ label, focused, button }: { label: string; focused: boolean; button: (ref: Ref<HTMLButtonElement>) => ReactElement }) {
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Only the first mount takes over from the plain switch.
    if (focused) target.current?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <Tooltip label={label}>{button(target)}</Tooltip>;
}
