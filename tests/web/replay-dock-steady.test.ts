/**
 * A phone's docked replay buttons stand still as the step count grows: the step ("5/139") and the
 * game's time sat on the buttons' line, so a step number a digit longer pushed the time onto a
 * second line and every button moved under the thumb pressing Next (at 375 px from step 10 on,
 * at 390 px from step 100, and at 360 px always two lines).
 */
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { guest, playFinishedGame, signInContext } from './support/finished-games.js';
import { HAS_CHROMIUM, NO_CHROMIUM_REASON, PHONE, SMALL_PHONE, newContext, siteAndBrowser, type Viewport } from './support/site.js';

if (!HAS_CHROMIUM) console.warn(NO_CHROMIUM_REASON);

describe.skipIf(!HAS_CHROMIUM)("a phone's replay buttons", () => {
  const suite = siteAndBrowser();

  test('keep one line and their places from the first step to the last, at 390, 375 and 360 px', async () => {
    const host = await guest(suite.site, 'Stepper');
    const gameID = await playFinishedGame(host, ['easy_bot', 'basic_bot', 'easy_bot']);
    for (const viewport of [{ width: 390, height: 844 }, PHONE, SMALL_PHONE] as Viewport[]) {
      const context = await newContext(suite.browser, viewport);
      await signInContext(context, suite.site, host);
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const at = async (step: number | 'last'): Promise<{ bar: number[]; next: number[] }> => {
        await page.goto(`${suite.site.url}/game/${gameID}/replay${step === 'last' ? '' : `?step=${step}`}`);
        if (step === 'last') await page.getByRole('button', { name: 'Last step (End)' }).tap();
        await page.getByRole('button', { name: 'Next step (Right)' }).waitFor();
        const box = async (page: Page, which: 'bar' | 'next') => {
          const b = (await (which === 'bar' ? page.getByTestId('replay-buttons') : page.getByRole('button', { name: 'Next step (Right)' })).boundingBox())!;
          return [b.x, b.y, b.width, b.height].map(Math.round);
        };
        return { bar: await box(page, 'bar'), next: await box(page, 'next') };
      };
      const first = await at(1);
      const last = await at('last');
      const buttonHeight = first.next[3]!;
      // One line: the bar is no taller than a button and its padding.
      expect(first.bar[3], `${viewport.width} px`).toBeLessThan(buttonHeight * 2);
      expect({ width: viewport.width, ...last }).toEqual({ width: viewport.width, ...first });
      await context.close();
    }
  });
});
