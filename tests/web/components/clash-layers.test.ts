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

/** The declarations a style sheet gives `selector`'s own block. */
function blockOf(file: string, selector: string): string {
  const css = readFileSync(new URL(`../../../src/web/game/${file}`, import.meta.url), 'utf8');
  const block = new RegExp(`^\\${selector} \\{([^}]*)\\}`, 'm').exec(css)?.[1];
  if (block === undefined) throw new Error(`no ${selector} in ${file}`);
  return block;
}

/** The z-index a style sheet gives `selector`'s own block. */
function zIndexOf(file: string, selector: string): number {
  const value = /z-index:\s*(\d+);/.exec(blockOf(file, selector))?.[1];
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

// The panel over the page hides what it covers: at 0.97 a phone's header, its Table/Boards/Log
// tabs and the replay's controls read through it, ghosted, beside the dice.
test('a clash panel over the page is opaque', () => {
  const background = /background:([^;]*);/.exec(blockOf('presentation/presentation.module.css', '.clashCard'))?.[1] ?? '';
  expect(background).toMatch(/rgb/);
  expect(background).not.toMatch(/rgba|transparent|\/\s*0?\.\d/);
});
