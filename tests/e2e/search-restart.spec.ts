/**
 * The search index is kept across a browser restart: the browser is closed and started again
 * with the same profile, and a search in the side panel answers from the index the first run
 * built on the origin-private file system, indexing nothing again (the search worker's own
 * counters: no rebuild, no record indexed). A second page searching while the first keeps its
 * worker gets the same kept index (the first page's worker owns the files and answers it: its
 * counters are the owner's), and the first answers again after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { SEED, startEmulator } from '../../emulator/index';
import type { SearchCounters } from '../../lib/archive/worker-protocol';
import { launchChromium } from './launch';
import { PopupPage } from './pages/popup';
import { ViewerPage } from './pages/viewer';
import { api } from './ui-fixtures';

base.describe.configure({ timeout: 180_000 });

const R = SEED.recordings;
const S = SEED.spaces;

async function extensionId(context: BrowserContext): Promise<string> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return new URL(worker.url()).host;
}

/** Searches from the side panel; returns the hits' count and the search worker's counters. */
async function searchFromPanel(
  context: BrowserContext,
  id: string,
  text: string,
): Promise<{ panel: Page; counters: SearchCounters }> {
  const panel = await context.newPage();
  await panel.setViewportSize({ width: 320, height: 800 });
  await panel.goto(`chrome-extension://${id}/sidepanel.html`);
  const workerStarted = panel.waitForEvent('worker');
  await panel.getByRole('searchbox', { name: 'Search all meetings' }).fill(text);
  const worker = await workerStarted;
  await expect(panel.getByTestId('hit').filter({ hasText: text })).toHaveCount(1, { timeout: 60_000 });
  await expect(panel.getByTestId('meeting-search-status')).toHaveText('');
  const counters = await worker.evaluate(
    () => (self as unknown as { searchCounters: SearchCounters }).searchCounters,
  );
  return { panel, counters: { ...counters } };
}

base(
  'a search in the side panel after a browser restart answers from the kept index, without a rebuild',
  async () => {
    const emulator = await startEmulator({ quiet: true });
    const profileDir = mkdtempSync(path.join(tmpdir(), 'mc-search-restart-'));
    try {
      const result = await api<{ result: { dialog: Array<{ texts: string[] }> } }>(
        emulator,
        `/api/spaces/${S.personal}/audio/${R.ready}/result/`,
      );
      const text = result.result.dialog[0]!.texts[0]!;

      // First run: sign in, open a ready recording (kept in the archive), search it.
      const first = await launchChromium({ profileDir });
      const id = await extensionId(first.context);
      const popup = new PopupPage(await first.context.newPage(), id);
      await popup.open();
      await popup.signIn(emulator.url, SEED.users.demo.email, SEED.users.demo.password);
      await expect(popup.balanceValue).toBeVisible();
      const viewer = new ViewerPage(await first.context.newPage(), id);
      await viewer.open(S.personal, R.ready);
      await expect(viewer.protocol).toBeVisible();
      const before = await searchFromPanel(first.context, id, text);
      expect(before.counters).toMatchObject({ storage: 'opfs', rebuilds: 1 });
      expect(before.counters.indexed).toBeGreaterThanOrEqual(1);
      await first.close();

      // Second run, same profile: the index is there as it was.
      const second = await launchChromium({ profileDir });
      expect(await extensionId(second.context)).toBe(id);
      const after = await searchFromPanel(second.context, id, text);
      expect(after.counters).toEqual({ storage: 'opfs', rebuilds: 0, indexed: 0, migrated: 0, recovered: 0 });

      // A second panel while the first still has its worker: answered by the first's, not by one of its own.
      const other = await searchFromPanel(second.context, id, text);
      expect(other.counters).toEqual({ storage: 'opfs', rebuilds: 0, indexed: 0, migrated: 0, recovered: 0 });
      // The first answers again.
      const word = text.split(' ').find((w) => w.length > 5) ?? text;
      await after.panel.getByRole('searchbox', { name: 'Search all meetings' }).fill(word);
      await expect(after.panel.getByTestId('hit').first()).toBeVisible({ timeout: 60_000 });
      await expect(after.panel.getByTestId('meeting-search-status')).toHaveText('');
      await second.close();
    } finally {
      await emulator.close();
      rmSync(profileDir, { recursive: true, force: true });
    }
  },
);
