/**
 * The glossary's popovers open and close from their word: a click opens and closes one, and
 * Escape closes it whether the focus has moved into it yet or is still on the word (a quick hand,
 * or a busy page, presses Escape before the focus moves in).
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { ListPopover, TermPopover } from '../../../src/web/game/glossary-popover.js';
import { theme } from '../../../src/web/theme.js';

afterEach(cleanup);

/** Mantine's transitions off, so that a closed popover leaves the page at once. */
const withTheme = (node: React.ReactNode) =>
  render(
    <MantineProvider theme={{ ...theme, components: { ...theme.components, Popover: { defaultProps: { transitionProps: { duration: 0 } } } } }}>
      {node}
    </MantineProvider>,
  );

const dialog = (name: string) => screen.queryByRole('dialog', { name });

describe('the glossary’s popovers', () => {
  test('Escape on the word closes a popover the focus has not moved into', () => {
    withTheme(
      <TermPopover entry="base" label="base: what it means" handover={{ opened: true, focused: false }}>
        base
      </TermPopover>,
    );
    expect(dialog('Base gold and base military')).not.toBeNull();
    const word = screen.getByRole('button', { name: 'base: what it means' });
    act(() => void fireEvent.keyDown(word, { key: 'Escape' }));
    expect(dialog('Base gold and base military')).toBeNull();
  });

  test('a click on the word opens it and another closes it; Escape inside it closes it too', () => {
    withTheme(<ListPopover handover={{ opened: false, focused: false }} />);
    const button = screen.getByRole('button', { name: 'What the words mean' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(button);
    expect(screen.getByRole('dialog').textContent).toContain('Tributes');
    fireEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(button);
    act(() => void fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
