/**
 * Calendars are read at browser start: the browser is closed and started again with the same
 * profile (the extension, its session and its calendars kept), and the emulator's demo calendar
 * is requested again without any alarm due (the 15-minute sync is far off) and without a page
 * asking, and the calendar's last sync time moves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, test as base, expect, type Worker } from '@playwright/test';
import { startEmulator } from '../../emulator/index';
import { type Answer, BackgroundDriver, EmulatorControl, SEED } from './background-fixtures';
import { launchChromium } from './launch';

base.describe.configure({ timeout: 120_000 });

async function extensionWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

interface CalendarStats {
  requests: number;
  not_modified: number;
}

base('a browser restart with the same profile reads the calendars again', async () => {
  const running = await startEmulator({ port: 0, storagePort: 0, quiet: true });
  const emulator = new EmulatorControl(running);
  const profileDir = mkdtempSync(path.join(tmpdir(), 'mc-restart-'));
  try {
    // First run: sign in and add the demo calendar.
    const first = await launchChromium({ profileDir });
    const firstWorker = await extensionWorker(first.context);
    const extensionId = new URL(firstWorker.url()).host;
    const driver = new BackgroundDriver(first.context, extensionId, firstWorker);
    await driver.signIn(emulator.url);
    const added = await driver.send('calendars.add', { address: `${emulator.url}/__emulator/calendar.ics` });
    expect(added).toMatchObject({ ok: true, data: { name: 'Demo calendar' } });
    const addedSyncAt = (added as Extract<Answer, { ok: true }>).data.lastSyncAt as number;
    const before = (await emulator.control('GET', '/calendar')) as CalendarStats;
    expect(before.requests).toBe(1);
    await first.close();
    // Closed: nothing reads the calendar.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(((await emulator.control('GET', '/calendar')) as CalendarStats).requests).toBe(1);

    // Second run, same profile: the start alone reads the calendar (a conditional request).
    const second = await launchChromium({ profileDir });
    const secondWorker = await extensionWorker(second.context);
    expect(new URL(secondWorker.url()).host).toBe(extensionId);
    await expect
      .poll(async () => ((await emulator.control('GET', '/calendar')) as CalendarStats).requests, {
        timeout: 30_000,
      })
      .toBe(2);
    const after = (await emulator.control('GET', '/calendar')) as CalendarStats;
    // Unchanged since it was added: the stored ETag made it a 304.
    expect(after.not_modified).toBe(before.not_modified + 1);
    const driverAgain = new BackgroundDriver(second.context, extensionId, secondWorker);
    const listed = (await driverAgain.send('calendars.list', {})) as Extract<Answer, { ok: true }>;
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0].lastSyncAt).toBeGreaterThan(addedSyncAt);
    expect(listed.data[0].lastError).toBeNull();
    // Still signed in (the session survived the restart), and no sync alarm due for minutes.
    expect(await driverAgain.send('session.get', {})).toMatchObject({
      ok: true,
      data: { signedIn: true, email: SEED.users.demo.email },
    });
    const alarms = await driverAgain.alarms();
    const sync = alarms.find((alarm) => alarm.name === 'calendar-sync');
    expect(sync?.periodInMinutes).toBe(15);
    await second.close();
  } finally {
    await running.close();
    rmSync(profileDir, { recursive: true, force: true });
  }
});
