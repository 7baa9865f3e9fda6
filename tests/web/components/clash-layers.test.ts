/**
 * The clash panels' place among the game screen's layers: over the flying cards and a phone's
 * docked action panel, under every dialog. At 410 the rolling dice covered a phone's open Game Chat
 * (its title and first messages) and took the taps meant for it, and would do the same to a
 * player's details or the Leave game question. Read from the style sheets, as the browser reads
 * them, against Mantine's own layer for its modals.
 */
import { readFileSync } from 'node:fs';
import { getDefaultZIndex } from '@mantine/core';
import { describe, expect, test } from 'vitest';

/** The z-index a style sheet gives `selector`'s own block. */
function zIndexOf(file: string, selector: string): number {
  const css = readFileSync(new URL(`../../../src/web/game/${file}`, import.meta.url), 'utf8');
  const block = new RegExp(`^\\${selector} \\{([^}]*)\\}`, 'm').exec(css)?.[1];
  const value = block ? /z-index:\s*(\d+);/.exec(block)?.[1] : undefined;
  if (value === undefined) throw new Error(`no z-index for ${selector} in ${file}`);
  return Number(value);
}

describe('clash panels among the layers', () => {
  const overlay = zIndexOf('presentation/presentation.module.css', '.clashOverlay');
  const dock = zIndexOf('presentation/presentation.module.css', '.clashDock');

  test('under every dialog (chat, player details, Leave game)', () => {
    expect(overlay).toBeLessThan(getDefaultZIndex('modal'));
    expect(dock).toBeLessThan(getDefaultZIndex('modal'));
  });

  test('over the flying cards and the docked action panel', () => {
    const flying = zIndexOf('presentation/presentation.module.css', '.flyLayer');
    const docked = zIndexOf('game-screen.module.css', '.docked');
    for (const clash of [overlay, dock]) {
      expect(clash).toBeGreaterThan(flying);
      expect(clash).toBeGreaterThan(docked);
    }
  });
});
