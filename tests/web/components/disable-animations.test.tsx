/**
 * 'Disable Animations' and a clash, commit by commit: with the preference on, no clash panel ever
 * comes over the page and the clash shows settled under the trade row at once; with it off, the
 * panel comes and rolls the dice first. The browser test keeps a desktop run (the page's CSS
 * animations); this one holds the logic at any width.
 *
 * And for someone who asked their system for less motion (prefers-reduced-motion: reduce): the
 * dice do not tumble through their faces (a rolling stage, a face a step, for seconds); the clash
 * shows its result at once, as for a tab that was hidden, and the board does not wait for a roll.
 * Without the setting the dice roll, as before.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { loadClashDice } from '../../../src/web/game/presentation/clash-dice.js';
import { ClashDisplay, useEventAnimations } from '../../../src/web/game/presentation/index.js';
import type { GameScreenState } from '../../../src/web/game/model.js';
import { theme } from '../../../src/web/theme.js';
import { beforeAndAfterClash, screenState } from '../support/screen-state.js';
import { stubScreen } from '../support/screen-media.js';

// The dice's chunk (clash-dice-view.tsx) is here before the clash, as the screen has it: it loads
// them once a clash may be near.
beforeAll(async () => {
  await loadClashDice();
});

function Screen({ state }: { state: GameScreenState }) {
  useEventAnimations(state);
  return <ClashDisplay state={state} />;
}

/**
 * Renders the step before the clash, then the clash's step; returns every overlay and stage seen in
 * between, commit by commit. The renders are synchronous and an observer's callback waits for a
 * microtask (it would never run before the end), so the records are taken as they stand: every
 * element put into the page, every stage an element had before it changed, and the page at the end.
 */
function watchClash(): { overlays: number; stages: string[] } {
  const [before, after] = beforeAndAfterClash();
  const seen = { overlays: 0, stages: [] as string[] };
  const look = (root: ParentNode) => {
    const within = (selector: string) => [...(root instanceof Element && root.matches(selector) ? [root] : []), ...root.querySelectorAll(selector)];
    seen.overlays += within('[data-clash-key]').length;
    for (const e of within('[data-clash-stage]')) seen.stages.push(e.getAttribute('data-clash-stage')!);
  };
  const observer = new MutationObserver(() => undefined);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-clash-stage'], attributeOldValue: true });
  const { rerender } = render(
    <MantineProvider theme={theme}>
      <Screen state={screenState(before)} />
    </MantineProvider>,
  );
  act(() =>
    rerender(
      <MantineProvider theme={theme}>
        <Screen state={screenState(after)} />
      </MantineProvider>,
    ),
  );
  for (const record of observer.takeRecords()) {
    for (const node of record.addedNodes) if (node instanceof Element) look(node);
    if (record.type === 'attributes' && record.oldValue !== null) seen.stages.push(record.oldValue);
  }
  observer.disconnect();
  look(document);
  return seen;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("'Disable Animations' and a clash", () => {
  test('on: no clash panel over the page; the clash settled under the trade row at once', () => {
    localStorage.setItem('userPrefs', JSON.stringify({ disableAnimations: true }));
    const seen = watchClash();
    expect(seen.overlays).toBe(0);
    expect(new Set(seen.stages)).toEqual(new Set(['completed']));
    expect(document.querySelector('[data-testid="clashes"] [data-clash-stage="completed"]')).not.toBeNull();
  });

  test('off: the clash panel comes over the page, its dice not yet settled', () => {
    const seen = watchClash();
    expect(seen.overlays).toBeGreaterThan(0);
    expect(seen.stages).not.toContain('completed');
  });
});

describe('A clash under reduced motion', () => {
  test('reduced motion: no rolling dice, the result at once', () => {
    stubScreen({ phone: false, reducedMotion: true });
    const seen = watchClash();
    expect(seen.stages.filter((stage) => stage === 'initial' || stage === 'rolling')).toEqual([]);
    expect(seen.stages.some((stage) => stage === 'results' || stage === 'completed')).toBe(true);
  });

  test('no such setting: the dice start rolling', () => {
    stubScreen({ phone: false });
    const seen = watchClash();
    expect(seen.stages.some((stage) => stage === 'initial' || stage === 'rolling')).toBe(true);
  });
});
