/**
 * Options → Deliveries → Yandex Tracker (tasks) against a Tracker on this computer
 * (tests/e2e/tracker-receiver.ts, after its published API): added by token and "queue
 * organization", the token never shown back; Test creates one issue; a protocol processed through
 * the extension has its action items created as issues once each, in the browser, though the
 * answer to the first create is lost (the connection dropped after the issue was made): the retry
 * is answered 409, the issue adopted, none made twice.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './background-fixtures';
import { pointBotApi } from './delivery-support';
import { startTrackerReceiver } from './tracker-receiver';

const PROCESSING_DONE = 60 * 60_000 + 1_000;
const TOKEN = 'y0_AgAAAAB4x2kQAATuwQAAAAEXAMPLEtokenForTests';
const ORG = '1234567';

test.describe.configure({ timeout: 150_000 });

async function openOptions(context: BrowserContext, extensionId: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(page.getByRole('heading', { name: 'Deliveries', exact: true })).toBeVisible();
  return page;
}

test('Tracker: a test issue, then each action item of a new protocol created once though an answer was lost', async ({
  context,
  extensionId,
  background,
  emulator,
}) => {
  const tracker = await startTrackerReceiver({ token: TOKEN, org: ORG, queues: ['TEAM'] });
  try {
    await background.signIn(emulator.url);
    let page = await openOptions(context, extensionId);
    await pointBotApi(page, 'tracker', tracker.url);
    await page.reload();
    await page.locator('#opt-webhook-kind').selectOption('tracker');
    await expect(page.getByLabel('OAuth token')).toHaveAttribute('type', 'password');
    await page.getByLabel('OAuth token').fill(TOKEN);
    await page.getByLabel('Queue and organization ID').fill('TEAM');
    await page.getByRole('button', { name: 'Add destination' }).click();
    await expect(page.getByRole('alert')).toContainText('the organization’s ID');
    await page.getByLabel('Queue and organization ID').fill(`TEAM ${ORG}`);
    await page.getByRole('button', { name: 'Add destination' }).click();
    const item = page.getByTestId('destination-item');
    await expect(item).toContainText(`Tracker TEAM · org ${ORG}`);
    expect(await page.content()).not.toContain(TOKEN);

    await item.getByRole('button', { name: /^Send a test to / }).click();
    await expect(item.getByTestId('delivery-log-item')).toContainText('Tasks created: TEAM-1.');
    expect(tracker.issues).toHaveLength(1);
    expect(tracker.calls[0]).toMatchObject({ authorization: `OAuth ${TOKEN}`, org: ORG });
    await page.close();

    // The first create of the protocol's items is made, and its answer lost.
    tracker.trick('lose');
    await background.startProcessing();
    await background.closePage();
    await emulator.advance(PROCESSING_DONE);
    // The lost answer's issue is answered 409 on the retry, then the rest are created.
    await expect
      .poll(() => tracker.calls.filter((call) => call.path === '/v3/issues/_search').length, {
        timeout: 90_000,
        message: JSON.stringify(tracker.calls.map((call) => call.path)),
      })
      .toBe(1);
    page = await openOptions(context, extensionId);
    await expect(page.getByTestId('delivery-log-item').first()).toContainText(
      'Made before, not created again: TEAM-2.',
    );
    const made = tracker.issues.slice(1);
    expect(made.length).toBeGreaterThan(1);
    // Each item once: as many issues as distinct items, one 409 for the lost answer.
    expect(new Set(made.map((issue) => issue.unique)).size).toBe(made.length);
    const creates = tracker.calls.filter((call) => call.path === '/v3/issues/').slice(1);
    expect(creates).toHaveLength(made.length + 1);
    expect(made.every((issue) => issue.summary.length > 0 && issue.queue.key === 'TEAM')).toBe(true);
  } finally {
    await tracker.close();
  }
});
