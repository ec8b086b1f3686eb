/**
 * Nothing cut off, in either language, light or dark: every surface at its real size, checked by
 * the layout checker (tests/e2e/layout.ts), inside shadow roots too. One test per surface and
 * language; each checks both colour schemes.
 */
import type { Page } from '@playwright/test';
import { checkLayout, formatProblems, type LayoutOptions } from './layout';
import { expect, SEED, serveHost, test } from './page-support';

type Lang = 'en' | 'ru';
const LANGS: Lang[] = ['en', 'ru'];
const SCHEMES = ['light', 'dark'] as const;

interface Surface {
  name: string;
  /** Opens the surface (signed in, language set) and waits until it is drawn. */
  open: (ctx: SurfaceContext) => Promise<Page>;
  options?: LayoutOptions;
  /** Checked before signing in (the sign-in form). */
  signedOut?: boolean;
}

interface SurfaceContext {
  lang: Lang;
  newPage: (width: number, height: number) => Promise<Page>;
  extensionUrl: (path: string) => string;
  extensionMessage: (type: string, payload: object) => Promise<{ ok: boolean }>;
}

const say = (lang: Lang, en: string, ru: string) => (lang === 'en' ? en : ru);
const R = SEED.recordings;
const viewerUrl = (tab: string) => `viewer.html?space=${SEED.spaces.personal}&audio=${R.ready}&tab=${tab}`;

const PAGE_CONTROLS: LayoutOptions = { roots: '[data-meeting-capture]', vertical: true };

const SURFACES: Surface[] = [
  {
    name: 'popup, sign-in form (400 px)',
    signedOut: true,
    open: async ({ newPage, extensionUrl, lang }) => {
      const page = await newPage(400, 600);
      await page.goto(extensionUrl('popup.html'));
      const field = page.getByLabel(say(lang, 'Service URL', 'Адрес сервиса'));
      await field.fill('http://service.example.com');
      await expect(page.getByTestId('service-url-preview')).not.toBeEmpty();
      await page.getByRole('button', { name: say(lang, 'Sign in', 'Войти') }).click();
      await expect(page.getByTestId('sign-in-error')).toBeVisible();
      return page;
    },
  },
  {
    name: 'popup, signed in (400 px)',
    open: async ({ newPage, extensionUrl, lang }) => {
      const page = await newPage(400, 600);
      await page.goto(extensionUrl('popup.html'));
      await expect(page.getByTestId('balance-value')).toBeVisible();
      await expect(page.getByTestId('recording').first()).toBeVisible();
      await expect(page.getByRole('button', { name: say(lang, 'Settings', 'Настройки') })).toBeVisible();
      return page;
    },
  },
  {
    name: 'popup, trash (400 px)',
    open: async ({ newPage, extensionUrl, lang }) => {
      const page = await newPage(400, 600);
      await page.goto(extensionUrl('popup.html'));
      await page.getByRole('button', { name: say(lang, 'Trash', 'Корзина') }).click();
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      return page;
    },
  },
  {
    name: 'popup, upload (400 px)',
    open: async ({ newPage, extensionUrl, lang }) => {
      const page = await newPage(400, 600);
      await page.goto(extensionUrl('popup.html'));
      await page.getByRole('button', { name: say(lang, 'Upload', 'Загрузить') }).click();
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      return page;
    },
  },
  {
    name: 'side panel (320 px)',
    open: async ({ newPage, extensionUrl }) => {
      const page = await newPage(320, 800);
      await page.goto(extensionUrl('sidepanel.html'));
      await expect(page.getByTestId('balance-value')).toBeVisible();
      await expect(page.getByTestId('recording').first()).toBeVisible();
      return page;
    },
  },
  {
    name: 'options (1280 px)',
    open: async ({ newPage, extensionUrl }) => {
      const page = await newPage(1280, 900);
      await page.goto(extensionUrl('options.html'));
      await expect(page.locator('#opt-default-space option').nth(2)).toBeAttached();
      return page;
    },
  },
  {
    name: 'microphone page, refused (480 px)',
    open: async ({ newPage, extensionUrl, lang }) => {
      const page = await newPage(480, 700);
      await page.goto(extensionUrl('microphone.html'));
      // Headless Chromium shows no prompt: the request is refused, and the page says how to allow it.
      await page
        .getByRole('button', { name: say(lang, 'Allow the microphone', 'Разрешить микрофон') })
        .click();
      await expect(page.getByTestId('microphone-outcome')).toBeVisible();
      return page;
    },
  },
  ...[1280, 800].flatMap((width) =>
    ['protocol', 'transcript', 'speakers'].map(
      (tab): Surface => ({
        name: `viewer, ${tab} (${width} px)`,
        open: async ({ newPage, extensionUrl }) => {
          const page = await newPage(width, 820);
          await page.goto(extensionUrl(viewerUrl(tab)));
          const ready = { protocol: 'protocol', transcript: 'utterance', speakers: 'speaker-table' }[tab]!;
          await expect(page.getByTestId(ready).first()).toBeVisible();
          return page;
        },
      }),
    ),
  ),
  {
    name: 'meeting control (Google Meet)',
    open: async ({ newPage, lang }) => {
      const page = await newPage(1280, 800);
      await page.goto('https://meet.google.com/abc-defg-hij');
      await expect(page.getByRole('button', { name: say(lang, 'Send bot', 'Отправить бота') })).toBeVisible();
      return page;
    },
    options: PAGE_CONTROLS,
  },
  {
    name: 'meeting control, counting down before the bot is sent (Google Meet)',
    open: async ({ newPage, lang, extensionMessage }) => {
      expect((await extensionMessage('settings.set', { autoJoinTabs: true })).ok).toBe(true);
      const page = await newPage(1280, 800);
      await page.goto('https://meet.google.com/cou-ntdo-wnn');
      await expect(page.locator('[data-meeting-capture]').getByRole('timer')).toBeVisible();
      await expect(page.getByRole('button', { name: say(lang, 'Cancel', 'Отмена') })).toBeVisible();
      return page;
    },
    options: PAGE_CONTROLS,
  },
  {
    name: 'meeting control, collapsed (Telemost)',
    open: async ({ newPage, lang }) => {
      const page = await newPage(1280, 800);
      await page.goto('https://telemost.yandex.ru/j/12345678901234');
      await page.getByRole('button', { name: say(lang, 'Collapse', 'Свернуть') }).click();
      await expect(
        page.getByRole('button', { name: say(lang, 'Show Meeting Capture', 'Показать Meeting Capture') }),
      ).toBeVisible();
      return page;
    },
    options: PAGE_CONTROLS,
  },
  {
    name: 'meeting control, after sending (Zoom web client)',
    open: async ({ newPage, lang }) => {
      const page = await newPage(1280, 800);
      await page.goto('https://app.zoom.us/wc/81234567890/join?pwd=abc');
      await page.getByRole('button', { name: say(lang, 'Send bot', 'Отправить бота') }).click();
      await expect(page.locator('[data-meeting-capture]').getByRole('status')).toContainText(
        say(lang, 'Bot sent to the meeting', 'Бот отправлен на встречу'),
      );
      return page;
    },
    options: PAGE_CONTROLS,
  },
  {
    name: 'video control (YouTube)',
    open: async ({ newPage, lang }) => {
      const page = await newPage(1280, 800);
      await page.goto('https://www.youtube.com/watch?v=BaW_jenozKc&t=42s');
      await expect(
        page.getByRole('button', { name: say(lang, 'Transcribe audio', 'Расшифровать аудио') }),
      ).toBeVisible();
      await expect(page.getByTestId('video-balance')).not.toBeEmpty();
      return page;
    },
    options: PAGE_CONTROLS,
  },
  {
    name: 'calendar panel (Google Calendar)',
    open: async ({ newPage, lang }) => {
      const page = await newPage(1280, 800);
      await page.goto('https://calendar.google.com/calendar/u/0/r/week');
      await page.getByRole('button', { name: '10am Weekly sync' }).click();
      const panel = page.getByRole('region', {
        name: say(lang, 'Meeting links in this event', 'Ссылки на встречи в этом событии'),
      });
      await expect(panel.getByRole('group')).toHaveCount(3);
      return page;
    },
    options: PAGE_CONTROLS,
  },
];

test.beforeEach(async ({ context }) => {
  await serveHost(context, 'https://meet.google.com', 'meet-call.html');
  await serveHost(context, 'https://telemost.yandex.ru', 'telemost-call.html');
  await serveHost(context, 'https://app.zoom.us', 'zoom-web-client.html');
  await serveHost(context, 'https://www.youtube.com', 'youtube-watch.html');
  await serveHost(context, 'https://calendar.google.com', 'google-calendar.html');
});

for (const surface of SURFACES) {
  for (const lang of LANGS) {
    test(`layout: ${surface.name}, ${lang}, light and dark`, async ({
      context,
      extensionId,
      signIn,
      extensionMessage,
    }) => {
      if (!surface.signedOut) await signIn();
      expect((await extensionMessage('settings.set', { language: lang })).ok).toBe(true);
      const page = await surface.open({
        lang,
        extensionUrl: (path) => `chrome-extension://${extensionId}/${path}`,
        extensionMessage,
        newPage: async (width, height) => {
          const page = await context.newPage();
          await page.setViewportSize({ width, height });
          return page;
        },
      });
      for (const colorScheme of SCHEMES) {
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        // Let the theme and late text (counts, dates) settle.
        await page.waitForTimeout(150);
        const report = await checkLayout(page, surface.options);
        expect(report.checked, `${surface.name}: nothing was checked`).toBeGreaterThan(0);
        if (surface.options?.roots) {
          // The controls draw in shadow roots: the checker must have seen inside them.
          expect(
            report.shadowRoots,
            `${surface.name}: no open shadow root (build with WXT_TEST_BUILD=1)`,
          ).toBeGreaterThan(0);
        }
        expect(
          report.problems,
          `${surface.name}, ${lang}, ${colorScheme}:\n${formatProblems(report.problems)}`,
        ).toEqual([]);
      }
    });
  }
}
