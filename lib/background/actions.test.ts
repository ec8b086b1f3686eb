import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SEED } from '../../emulator';
import { onCommand, onMenuClick, sendBotFromTab } from './actions';
import { type Background, createBackground } from './app';
import {
  COMMAND_RECORD_TAB,
  COMMAND_SEND_BOT,
  createMenus,
  MEDIA_LINK_PATTERNS,
  MEETING_LINK_PATTERNS,
  MENU_RECORD_TAB,
  MENU_SEND_BOT,
  MENU_TRANSCRIBE_LINK,
  MENU_TRANSCRIBE_PAGE,
  VIDEO_PAGE_PATTERNS,
} from './menus';
import { backgroundOptions, useEmulator } from './testing/harness';

// "Record this tab" itself (the capture, the offscreen recorder) is Chrome's: e2e in
// tests/e2e/record-here*.spec.ts. Here: which tab the menu item and the shortcut hand it.
const recorded: Array<number | undefined> = [];

useEmulator();
let bg: Background;

beforeEach(async () => {
  bg = createBackground(backgroundOptions());
  await bg.session.client.signIn(SEED.users.demo.email, SEED.users.demo.password);
  vi.spyOn(bg.recording, 'fromTab').mockImplementation(async (tab) => {
    recorded.push(tab?.id);
  });
});
afterEach(async () => {
  bg.jobs.scheduler.stop();
  await bg.jobs.engine.idle();
});

type Click = Parameters<typeof onMenuClick>[1];
const click = (fields: Partial<Click>): Click =>
  ({ menuItemId: '', editable: false, pageUrl: '', ...fields }) as Click;
const notice = async () =>
  ((await fakeBrowser.notifications.getAll()) as Record<string, { title: string; message: string }>).action;

/** The menu items `createMenus` makes, as it makes them (the fake browser keeps none). */
function capturedMenus(): Array<Record<string, unknown>> {
  const created: Array<Record<string, unknown>> = [];
  vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockResolvedValue(undefined);
  vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(((
    properties: Record<string, unknown>,
    done?: () => void,
  ) => {
    created.push(properties);
    done?.();
    return properties.id as string;
  }) as never);
  return created;
}

describe('context menu and shortcut', () => {
  it('"Send bot" on a meeting link sends the bot and says so', async () => {
    await onMenuClick(
      bg,
      click({ menuItemId: MENU_SEND_BOT, linkUrl: 'https://zoom.us/j/1234567890?pwd=abc' }),
    );
    const [job] = await bg.jobs.store.list();
    expect(job).toMatchObject({ intent: 'bot', phase: 'waiting-meeting', meetingService: 'zoom' });
    expect(await notice()).toMatchObject({ title: 'Bot sent' });
  });

  it('a link the detector rejects sends nothing, whatever the menu pattern matched', async () => {
    await onMenuClick(bg, click({ menuItemId: MENU_SEND_BOT, linkUrl: 'https://zoom.us/pricing' }));
    expect(await bg.jobs.store.list()).toEqual([]);
    expect(await notice()).toMatchObject({ title: 'No meeting here' });
  });

  it('"Transcribe audio" on a video page and on a direct media link', async () => {
    await onMenuClick(
      bg,
      click({ menuItemId: MENU_TRANSCRIBE_PAGE, pageUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
    );
    expect(await notice()).toMatchObject({ title: 'Transcription started' });
    await onMenuClick(
      bg,
      click({ menuItemId: MENU_TRANSCRIBE_LINK, linkUrl: 'https://cdn.example.org/media/Weekly%20sync.MP3' }),
    );
    const jobs = await bg.jobs.store.list();
    expect(jobs.map((job) => job.intent).sort()).toEqual(['link', 'video']);
    expect(jobs.find((job) => job.intent === 'link')).toMatchObject({
      title: 'Weekly sync.mp3',
      contentType: 'audio/mpeg',
      autoProcess: true,
    });
  });

  it('the shortcut sends the bot to the meeting in the tab, and says when the tab is not a meeting', async () => {
    await sendBotFromTab(bg, { url: 'https://example.com/' } as never);
    expect(await notice()).toMatchObject({ title: 'No meeting here' });
    await sendBotFromTab(bg, { url: 'https://telemost.yandex.ru/j/12345678901234' } as never);
    expect(await bg.jobs.store.list()).toEqual([
      expect.objectContaining({ intent: 'bot', meetingService: 'telemost' }),
    ]);
  });

  it('"Record this tab" (menu) and Alt+Shift+R (command) record the tab they were used in, and nothing else', async () => {
    recorded.length = 0;
    await onMenuClick(bg, click({ menuItemId: MENU_RECORD_TAB, pageUrl: 'https://example.org/webinar' }), {
      id: 41,
    } as never);
    await onCommand(bg, COMMAND_RECORD_TAB, { id: 42 } as never);
    await onCommand(bg, 'unknown-command', { id: 43 } as never);
    expect(recorded).toEqual([41, 42]);
    expect(await bg.jobs.store.list()).toEqual([]);
  });

  it('Alt+Shift+B (command) sends the bot to the meeting in its tab; it records nothing', async () => {
    recorded.length = 0;
    await onCommand(bg, COMMAND_SEND_BOT, { id: 7, url: 'https://meet.google.com/abc-defg-hij' } as never);
    expect(recorded).toEqual([]);
    expect(await bg.jobs.store.list()).toEqual([
      expect.objectContaining({ intent: 'bot', sourceUrl: 'https://meet.google.com/abc-defg-hij' }),
    ]);
  });

  it('signed out: asks to sign in first', async () => {
    await bg.session.store.clear();
    await onMenuClick(
      bg,
      click({ menuItemId: MENU_SEND_BOT, linkUrl: 'https://meet.google.com/abc-defg-hij' }),
    );
    expect(await notice()).toMatchObject({ title: 'Sign in first' });
  });

  it('menus are created in the chosen language with the detectors’ hosts', async () => {
    const created = capturedMenus();
    await createMenus('ru');
    expect(created.map((item) => [item.id, item.title])).toEqual([
      [MENU_SEND_BOT, 'Отправить бота на эту встречу'],
      [MENU_TRANSCRIBE_PAGE, 'Расшифровать аудио'],
      [MENU_TRANSCRIBE_LINK, 'Расшифровать аудио'],
    ]);
    expect(MEETING_LINK_PATTERNS).toContain('*://meet.google.com/*');
    expect(created[1]!.documentUrlPatterns).toEqual(VIDEO_PAGE_PATTERNS);
    expect(created[2]!.targetUrlPatterns).toEqual([...VIDEO_PAGE_PATTERNS, ...MEDIA_LINK_PATTERNS]);
  });

  it('Chrome (an offscreen document can record): the menu also offers "Record this tab" on web pages', async () => {
    const created = capturedMenus();
    const fake = fakeBrowser as unknown as { offscreen?: unknown };
    fake.offscreen = {};
    try {
      await createMenus('en');
    } finally {
      delete fake.offscreen;
    }
    const record = created.find((item) => item.id === MENU_RECORD_TAB);
    expect(record).toMatchObject({ title: 'Record this tab', contexts: ['page'] });
    expect(record?.documentUrlPatterns).toEqual(['http://*/*', 'https://*/*']);
  });
});
