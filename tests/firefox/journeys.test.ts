/**
 * The main journeys in Firefox, one after another in one Firefox and against one emulator, as a
 * person goes through them: sign in from the popup, send a bot from a Meet tab, transcribe a
 * YouTube video, and read the result in the popup and the viewer.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index';
import {
  click,
  counters,
  emulator,
  expectText,
  type Firefox,
  fill,
  find,
  launchFirefox,
  pressEnter,
  SEED,
} from './support';

const MEET = 'https://meet.google.com/abc-defg-hij';
const WATCH = 'https://www.youtube.com/watch?v=BaW_jenozKc&t=42s';

let firefox: Firefox;
let service: RunningEmulator;

beforeAll(async () => {
  [firefox, service] = await Promise.all([
    launchFirefox(),
    emulator({ processingDelayMs: 1_500, downloadDelayMs: 300 }),
  ]);
  firefox.serve('https://meet.google.com', 'meet-call.html');
  firefox.serve('https://www.youtube.com', 'youtube-watch.html');
});

afterAll(async () => {
  await firefox?.close();
  await service?.close();
});

describe('in Firefox', () => {
  it('signs in from the popup', async () => {
    const popup = await firefox.openExtensionPage('popup.html');
    await fill(popup, { role: 'textbox', name: 'Service URL' }, service.url);
    await fill(popup, { role: 'textbox', name: 'Email' }, SEED.users.demo.email);
    await fill(popup, { role: 'textbox', name: 'Password' }, SEED.users.demo.password);
    await click(popup, { role: 'button', name: 'Sign in' });
    await find(popup, { role: 'any', within: '[data-testid=balance-value]' });
    await popup.close();
  });

  it('sends one bot from a Meet tab with one mouse press', async () => {
    const page = await firefox.open(MEET);
    const sendBot = { role: 'button', name: 'Send bot', within: 'meeting-capture-send-bot' };
    // Firefox has no IntersectionObserver v2; the page is read instead (components/page/visibility.ts):
    // nothing can be over the button, so a mouse press counts at once.
    await click(page, sendBot);
    await expectText(
      page,
      { role: 'status', within: 'meeting-capture-send-bot' },
      'Bot sent to the meeting (space “Personal”)',
    );
    expect((await counters(service)).botRequests).toBe(1);
    await page.close();
  });

  it('a mouse press through something the page drew over the control asks first', async () => {
    const page = await firefox.open('https://meet.google.com/bcd-efgh-ijk');
    const sendBot = { role: 'button', name: 'Send bot', within: 'meeting-capture-send-bot' };
    const button = await find(page, sendBot);
    const box = await button.boundingBox();
    await button.dispose();
    if (!box) throw new Error('no box for the button');
    // A picture of the page's over our button that lets clicks through (hit testing skips it).
    await page.evaluate(
      ({ x, y, width, height }) => {
        const cover = document.createElement('div');
        cover.textContent = 'Click to win a prize';
        cover.style.cssText = `position:fixed;left:${x - 20}px;top:${y - 10}px;width:${width + 40}px;height:${height + 20}px;background:#fc0;z-index:2147483647;pointer-events:none`;
        document.body.append(cover);
      },
      { x: box.x, y: box.y, width: box.width, height: box.height },
    );
    await click(page, sendBot);
    await expectText(
      page,
      { role: 'status', within: 'meeting-capture-send-bot' },
      /may be covering this button/,
    );
    expect((await counters(service)).botRequests).toBe(1);
    await page.close();
  });

  it('a mouse press on a control the page made see-through asks first', async () => {
    const page = await firefox.open('https://meet.google.com/cde-fghi-jkl');
    const sendBot = { role: 'button', name: 'Send bot', within: 'meeting-capture-send-bot' };
    await find(page, sendBot);
    // Our control is in the page's body: the page can veil it (nearly transparent) to get a press
    // meant for something else.
    await page.evaluate(() => {
      document.body.style.opacity = '0.05';
    });
    await click(page, sendBot);
    await expectText(
      page,
      { role: 'status', within: 'meeting-capture-send-bot' },
      /may be covering this button/,
    );
    expect((await counters(service)).botRequests).toBe(1);
    await page.close();
  });

  it('transcribes a YouTube video', async () => {
    const page = await firefox.open(WATCH);
    // From the keyboard, a press counts at once.
    await pressEnter(page, {
      role: 'button',
      name: 'Transcribe audio',
      within: 'meeting-capture-transcribe',
    });
    await expectText(page, { role: 'status', within: 'meeting-capture-transcribe' }, /Sent to “Personal”/);
    expect((await counters(service)).recordingsCreated).toMatchObject({ total: 1, by_videosite: 1 });
    await page.close();
  });

  it('the result arrives: the popup shows the job ready and the protocol, the viewer the transcript', async () => {
    const popup = await firefox.openExtensionPage('popup.html');
    await popup.evaluate(() => {
      const notices: string[] = [];
      (window as unknown as { notices: string[] }).notices = notices;
      (
        globalThis as unknown as {
          browser: { notifications: { onClosed: { addListener(fn: (id: string) => void): void } } };
        }
      ).browser.notifications.onClosed.addListener((id) => notices.push(id));
    });
    const videoJob = 'li[data-testid=job]:has(.job-title[title*="BaW_jenozKc"])';
    // Download, processing, result: the background's own polling (12 s apart) gets there.
    await expect
      .poll(() => popup.$eval(videoJob, (el) => el.getAttribute('data-phase')).catch(() => 'absent'), {
        timeout: 50_000,
        interval: 250,
      })
      .toBe('ready');
    // The background's notice: Firefox shows it without buttons (it refuses `buttons`); headless,
    // the system closes it at once, and this page hears of it. It follows the job's end, which a
    // loaded machine may delay by seconds (seen: more than 5 s with other suites beside it).
    await expect
      .poll(() => popup.evaluate(() => (window as unknown as { notices: string[] }).notices), {
        timeout: 30_000,
      })
      .toEqual([expect.stringMatching(/^job:/)]);

    // The list: the new recording, ready; its detail shows the protocol.
    const title = 'Video BaW_jenozKc.m4a';
    await expectText(
      popup,
      {
        role: 'any',
        within: `li[data-testid=recording][data-status=ready] .recording-title[title="${title}"]`,
      },
      title,
    );
    await click(popup, { role: 'button', name: title });
    await find(popup, { role: 'heading', within: '[data-testid=recording-detail] [data-testid=protocol]' });
    const viewerLink = await find(popup, {
      role: 'link',
      name: /Open in viewer/,
      within: '[data-testid=recording-detail]',
    });
    const href = await viewerLink.evaluate((a) => (a as HTMLAnchorElement).getAttribute('href') ?? '');
    expect(href).toMatch(/\/viewer\.html\?space=1&audio=\d+$/);
    await popup.close();

    // The viewer: title, protocol, transcript.
    const viewer = await firefox.openExtensionPage(href.slice(href.indexOf('viewer.html')));
    await expectText(viewer, { role: 'any', within: '[data-testid=viewer-title]' }, title);
    await find(viewer, { role: 'heading', within: '[data-testid=protocol]' });
    await click(viewer, { role: 'tab', name: /^Transcript/ });
    await find(viewer, { role: 'any', within: '[data-testid=utterance]' });
    await viewer.close();
  });
});
