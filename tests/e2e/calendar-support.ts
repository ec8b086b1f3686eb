/**
 * The start the calendar specs share: signed in, the emulator's demo calendar on a clock of the
 * test's own (its first meeting `firstInMs` from now, its "hour" shrunk to `unitMs`), and the
 * options page open; `addCalendar` adds a feed there as a person does.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { type BackgroundDriver, type EmulatorControl, expect } from './background-fixtures';

export async function startWithDemoCalendar(
  fixtures: {
    context: BrowserContext;
    extensionId: string;
    background: BackgroundDriver;
    emulator: EmulatorControl;
  },
  clock: { firstInMs: number; unitMs: number },
): Promise<{ anchorMs: number; options: Page }> {
  const { context, extensionId, background, emulator } = fixtures;
  await background.signIn(emulator.url);
  const { anchorMs } = (await emulator.control('POST', '/calendar', {
    starts_in_ms: clock.firstInMs,
    unit_ms: clock.unitMs,
  })) as { anchorMs: number };
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  return { anchorMs, options };
}

/** Types the feed's address into Options → Calendars and adds it; the field empties once added. */
export async function addCalendar(options: Page, url: string): Promise<void> {
  const address = options.getByLabel('Calendar address (iCal)');
  await address.fill(url);
  await options.getByRole('button', { name: 'Add calendar' }).click();
  await expect(address).toHaveValue('');
}
