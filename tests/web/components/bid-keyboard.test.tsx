/** The bid box asks a phone for its digits pad: a bid is a whole number of military. */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { BidField } from '../../../src/web/game/bid-field.js';
import { theme } from '../../../src/web/theme.js';

afterEach(cleanup);

test('the bid box is a text box for digits, with the numeric keyboard', () => {
  render(
    <MantineProvider theme={theme}>
      <BidField min={0} max={3} value="" onChange={() => undefined} onBlur={() => undefined} hideControls={false} />
    </MantineProvider>,
  );
  const box = screen.getByLabelText('Military bid');
  expect([box.getAttribute('type'), box.getAttribute('inputmode'), box.getAttribute('placeholder')]).toEqual(['text', 'numeric', 'No bid']);
});
