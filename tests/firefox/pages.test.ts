/**
 * The page controls in Firefox: a calendar event's "Send bot", and "Hide on this site" until the
 * options show the control again; and the sidebar, Firefox's counterpart of Chrome's side panel. One Firefox and one emulator for the file; signed in once.
 * And a delivery's test, sent by the background's deliveries part (listed after background.js in
 * Firefox's manifest), which converts the Slack text in place. And a protocol's lines linked to
 * their suggested sources in the Worker Firefox's background page starts, shown in the viewer.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index';
import { SOURCES_RESULT } from '../fixtures/sources-meeting';
import {
  click,
  count,
  counters,
  type Ext,
  emulator,
  expectText,
  extensionMessage,
  type Firefox,
  fill,
  find,
  launchFirefox,
  pressEnter,
  SEED,
  signIn,
} from './support';

const CALENDAR = 'https://calendar.google.com/calendar/u/0/r/week';
const MEET = 'https://meet.google.com/abc-defg-hij';
const TELEMOST = 'https://telemost.yandex.ru/j/12345678901234';

let firefox: Firefox;
let service: RunningEmulator;
/** An extension page the tests talk to the background from, as the popup and options do. */
let options: Page;

beforeAll(async () => {
  [firefox, service] = await Promise.all([launchFirefox(), emulator()]);
  firefox.serve('https://calendar.google.com', 'google-calendar.html');
  firefox.serve('https://meet.google.com', 'meet-call.html');
  firefox.serve('https://telemost.yandex.ru', 'telemost-call.html');
  options = await firefox.openExtensionPage('options.html');
  await signIn(options, service);
});

afterAll(async () => {
  await firefox?.close();
  await service?.close();
});

const sendBot = { role: 'button', name: 'Send bot', within: 'meeting-capture-send-bot' };

describe('page controls in Firefox', () => {
  it('a calendar event’s "Send bot" sends one bot to its meeting', async () => {
    const page = await firefox.open(CALENDAR);
    await click(page, { role: 'button', name: '10am Weekly sync' });
    const panel = 'section[aria-label="Meeting links in this event"]';
    await expect.poll(() => count(page, { role: 'group', within: panel })).toBe(3);
    const meet = await find(page, {
      role: 'group',
      name: /Google Meet: meet\.google\.com\/abc-defg-hij/,
      within: panel,
    });
    await meet.dispose();
    // The Meet link's group comes first; from the keyboard the press counts at once.
    await pressEnter(page, { role: 'button', name: 'Send bot', within: panel });
    await expectText(page, { role: 'status', within: panel }, /Bot sent to the meeting \(space “Personal”\)/);
    expect((await counters(service)).botRequests).toBe(1);

    // The panel names its space; another is one choice away, and one mouse press sends there.
    const space = await find(page, { role: 'combobox', name: 'Space', within: panel });
    expect(await space.evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.text)).toBe(
      'Personal — 10 h 00 min left',
    );
    await space.select('2');
    await space.dispose();
    const zoom = `${panel} fieldset:nth-of-type(2)`;
    await click(page, { role: 'button', name: 'Send bot', within: zoom });
    await expectText(page, { role: 'status', within: zoom }, /Bot sent to the meeting \(space “Team”\)/);
    expect((await counters(service)).botRequests).toBe(2);
    await page.close();
  });

  it('"Hide on this site" hides the control on that host until the options show it again', async () => {
    const page = await firefox.open(MEET);
    await pressEnter(page, { role: 'button', name: 'Hide on this site' });
    await expectText(page, { role: 'status' }, /Hidden on meet\.google\.com/);
    await expect.poll(() => count(page, sendBot)).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.querySelectorAll('[data-meeting-capture]').length))
      .toBe(0);
    const settings = await extensionMessage<{ hiddenOnSites: string[] }>(options, 'settings.get', {});
    expect(settings.data?.hiddenOnSites).toEqual(['meet.google.com']);

    // A fresh visit has none, while another meeting host has its control.
    const again = await firefox.open(MEET);
    const witness = await firefox.open(TELEMOST);
    await find(witness, sendBot);
    expect(await count(again, sendBot)).toBe(0);
    expect(await again.evaluate(() => document.querySelectorAll('[data-meeting-capture]').length)).toBe(0);
    await witness.close();
    await again.close();

    // Shown again from the options: back on the open tab when the person returns to it.
    expect((await extensionMessage(options, 'settings.set', { hiddenOnSites: [] })).ok).toBe(true);
    await page.bringToFront();
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await find(page, sendBot);
    await page.close();
  });

  it('the sidebar shows the same views as Chrome’s side panel; the popup has no side panel button', async () => {
    const manifest = await options.evaluate(() =>
      (globalThis as unknown as Ext).browser.runtime.getManifest(),
    );
    expect(manifest.sidebar_action).toMatchObject({
      default_panel: expect.stringMatching(/\/sidepanel\.html$/),
    });
    expect(manifest.side_panel ?? null).toBeNull();
    expect(manifest.permissions).not.toContain('sidePanel');

    const sidebar = await firefox.openExtensionPage('sidepanel.html');
    await find(sidebar, { role: 'any', within: '[data-testid=balance-value]' });
    await find(sidebar, { role: 'button', name: 'Weekly engineering sync.m4a' });
    await sidebar.close();

    const popup = await firefox.openExtensionPage('popup.html');
    await find(popup, { role: 'any', within: '[data-testid=balance-value]' });
    expect(await count(popup, { role: 'any', within: '[data-testid=open-side-panel]' })).toBe(0);
    await popup.close();
  });

  it('the sidebar’s search finds what was said in a kept meeting (SQLite in the search worker), and answers a question there and in the viewer', async () => {
    // The viewer keeps the ready result in the archive (an English transcript of the emulator's).
    const viewer = await firefox.openExtensionPage(
      `viewer.html?space=${SEED.spaces.personal}&audio=${SEED.recordings.ready}`,
    );
    await find(viewer, { role: 'any', within: '[data-testid=protocol]' }, 30_000);
    const sidebar = await firefox.openExtensionPage('sidepanel.html');
    const field = { role: 'searchbox', name: 'Search all meetings' };
    // "customers": another form of "customer" in the emulator's sentences (Snowball stems).
    await fill(sidebar, field, 'customers');
    await find(sidebar, { role: 'any', within: '[data-testid=hit]' }, 60_000);
    expect(await count(sidebar, { role: 'any', within: '[data-testid=hit] mark' })).toBeGreaterThan(0);
    // A question is answered by the same worker (a module: the answering code is a chunk it loads
    // with the first question).
    await fill(sidebar, field, 'what did the customer ask for?');
    await find(sidebar, { role: 'any', within: '[data-testid=ask-hit]' }, 60_000);
    // The index is kept on the origin-private file system (the pool's folder), not in memory.
    const folders = await sidebar.evaluate(async () => {
      const names: string[] = [];
      const root = await navigator.storage.getDirectory();
      for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys())
        names.push(name);
      return names;
    });
    expect(folders).toContain('.meeting-search');
    await sidebar.close();
    // The viewer asks about its own meeting: a moment of it, opening its transcript there.
    await fill(viewer, field, 'what did the customer ask for?');
    const moment = await find(viewer, { role: 'any', within: '[data-testid=ask-hit]' }, 60_000);
    expect(await moment.evaluate((a) => a.getAttribute('href'))).toMatch(
      new RegExp(`audio=${SEED.recordings.ready}&tab=transcript&at=\\d+\\.\\d+$`),
    );
    await viewer.close();
  });
});

describe('the background in Firefox', () => {
  it('a Slack-format destination’s test is converted and sent by the deliveries part', async () => {
    const bodies: string[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/slack`;
      const added = await extensionMessage<{ id: string }>(options, 'deliveries.add', { url, kind: 'slack' });
      expect(added.ok, JSON.stringify(added)).toBe(true);
      const tested = await extensionMessage<{ log: Array<{ test: boolean; outcome: string }> }>(
        options,
        'deliveries.test',
        { id: added.data!.id },
      );
      expect(tested.data?.log[0]).toMatchObject({ test: true, outcome: 'delivered' });
      expect(bodies).toHaveLength(1);
      const { text } = JSON.parse(bodies[0]!) as { text: string };
      expect(text).toMatch(/^Test delivery from Meeting Capture/);
      expect(text).toContain('*Summary*');
      expect((await extensionMessage(options, 'deliveries.remove', { id: added.data!.id })).ok).toBe(true);
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('the protocol lines’ suggested sources are linked in the Worker the background starts, and shown in the viewer', async () => {
    // A meeting written for the tests, whose lines were said (but one) in its transcript.
    const put = await fetch(`${service.url}/__emulator/recordings/${SEED.recordings.readyShort}/result`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(SOURCES_RESULT),
    });
    expect(put.status).toBe(200);
    const answer = await extensionMessage<{
      lines: Array<{ text: string; checked: boolean; sources: unknown[] | null }>;
    }>(options, 'recording.sources', { spaceId: SEED.spaces.personal, audioId: SEED.recordings.readyShort });
    expect(answer.ok, JSON.stringify(answer)).toBe(true);
    const lines = answer.data?.lines ?? [];
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.checked)).toBe(true);
    // Four of its five lines were said; the canteen's never was.
    expect(lines.map((line) => (line.sources?.length ?? 0) > 0)).toEqual([true, true, false, true, true]);
    const viewer = await firefox.openExtensionPage(
      `viewer.html?space=${SEED.spaces.personal}&audio=${SEED.recordings.readyShort}`,
    );
    // Each line's control, named by what was found ("2 suggested sources", "No source found").
    const control = {
      role: 'button',
      name: /suggested sources?$|^No source found$/,
      within: '[data-testid=protocol]',
    };
    await find(viewer, control, 30_000);
    expect(await count(viewer, control)).toBe(5);
    await viewer.close();
  });

  it('an open sidebar follows a sign-out and the next sign-in, without a reload', async () => {
    const sidebar = await firefox.openExtensionPage('sidepanel.html');
    const title = { role: 'button', name: 'Weekly engineering sync.m4a' } as const;
    await find(sidebar, title);
    try {
      expect((await extensionMessage(options, 'session.signOut', {})).ok).toBe(true);
      await find(sidebar, { role: 'button', name: 'Sign in' });
      expect(await count(sidebar, title)).toBe(0);
      expect(await count(sidebar, { role: 'any', within: '[data-testid=balance-value]' })).toBe(0);
    } finally {
      // Signed in again for the file's other tests.
      await signIn(options, service);
    }
    await find(sidebar, title);
    await find(sidebar, { role: 'any', within: '[data-testid=balance-value]' });
    await sidebar.close();
  });
});
