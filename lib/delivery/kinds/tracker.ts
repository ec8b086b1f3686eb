/**
 * Yandex Tracker: each action item of a new protocol becomes an issue in a queue (the "tasks"
 * delivery). Chosen over Todoist because our users' teams (Russian-speaking, on Telemost and Yandex
 * 360) keep their work there, and because its create call takes a `unique` value and answers 409
 * for a second issue with it: an item is created once, ever, whichever attempt or delivery sends
 * it, and a repeat after a lost answer is found (`_search` by `unique`) and adopted. Todoist's REST
 * API offers an `X-Request-Id` kept for a limited time only. The API's side is in
 * lib/delivery/tracker-text.ts; docs/deliveries.md has the requests and answers.
 *
 * The OAuth token and the organization's id go in headers (`Destination.headers`), kept with the
 * trusted settings like a bot token: never shown back, never sent to a page or a content script.
 */
import type { Lang } from '@/lib/i18n';
import {
  ISSUES_PATH,
  issueOf,
  isTrackerToken,
  parseTracker,
  SEARCH_PATH,
  searchOf,
  TRACKER_API,
  testIssueOf,
  trackerAnswer,
} from '../tracker-text';
import type { Destination } from '../types';
import { defineKind } from './define';
import type { BotFormTexts, DeliveryKind, DeliveryKindCard, DeliveryRequest } from './types';

/** Issues one delivery creates at most (a protocol's items beyond it are left in the view). */
export const TRACKER_ISSUES_MAX = 100;

export const trackerForm: Record<Lang, BotFormTexts> = {
  en: {
    token: 'OAuth token',
    tokenHint:
      'A Yandex OAuth token with access to Tracker (y0_…). It is a secret: it stays in this browser and is never shown again.',
    chat: 'Queue and organization ID',
    chatHint:
      'The queue’s key and your organization’s ID from Tracker’s Administration → Organizations, e.g. “TEAM 1234567”.',
    errToken: 'This is not a Yandex OAuth token. Copy it whole (it starts with y0_).',
    errChat: 'Type the queue’s key (letters, e.g. TEAM), a space, then the organization’s ID.',
  },
  ru: {
    token: 'OAuth-токен',
    tokenHint:
      'OAuth-токен Яндекса с доступом к Трекеру (y0_…). Он секретный: остаётся в этом браузере и больше не показывается.',
    chat: 'Очередь и ID организации',
    chatHint:
      'Ключ очереди и ID организации из раздела Трекера «Администрирование → Организации», например «TEAM 1234567».',
    errToken: 'Это не OAuth-токен Яндекса. Скопируйте его целиком (он начинается с y0_).',
    errChat: 'Введите ключ очереди (латиницей, например TEAM), пробел и ID организации.',
  },
};

export const trackerCard: DeliveryKindCard = {
  kind: 'tracker',
  names: { en: 'Yandex Tracker (tasks)', ru: 'Яндекс Трекер (задачи)' },
  entry: 'bot',
  bot: { api: TRACKER_API, parse: parseTracker },
  // A Yandex OAuth token: the only input that is Tracker's (a y0_ token is no Telegram or address).
  detect: (input) => isTrackerToken(input) && /^\s*(?:OAuth\s+)?y\d_/i.test(input),
  mask: (destination: Destination) => {
    const org = destination.headers?.['X-Org-ID'] ?? destination.headers?.['X-Cloud-Org-ID'] ?? '?';
    return `Tracker ${destination.chatId ?? '?'} · org ${org}`;
  },
};

const createdWith = (request: DeliveryRequest): string | null => {
  if (typeof request.body !== 'string' || request.path !== ISSUES_PATH) return null;
  try {
    const unique = (JSON.parse(request.body) as { unique?: unknown }).unique;
    return typeof unique === 'string' ? unique : null;
  } catch {
    return null;
  }
};

export const trackerKind: DeliveryKind = /* @__PURE__ */ defineKind(trackerCard, {
  convert: null,
  withSources: false,
  items: 'required',
  body: ({ content, destination, options, idempotencyKey, items }) => {
    const queue = destination.chatId ?? '';
    if (options.test)
      return [{ path: ISSUES_PATH, body: JSON.stringify(testIssueOf(queue, idempotencyKey, options.lang)) }];
    const date = new Date(content.readyAt).toISOString().slice(0, 10);
    return (items ?? []).slice(0, TRACKER_ISSUES_MAX).map((item) => ({
      path: ISSUES_PATH,
      body: JSON.stringify(
        issueOf(item, { queue, title: content.recording.title, date, lang: options.lang }),
      ),
    }));
  },
  find: (request) => {
    const unique = createdWith(request);
    return unique === null ? null : { path: SEARCH_PATH, body: searchOf(unique) };
  },
  answer: trackerAnswer,
});
