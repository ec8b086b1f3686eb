/**
 * Yandex Tracker's side of the tracker kind (kinds/tracker.ts), after its published API
 * (yandex.ru/support/tracker, "Creating an issue", "Finding issues", "Possible response codes"):
 *
 * - `POST /v3/issues/` with `Authorization: OAuth <token>` and the organization's header
 *   (`X-Org-ID` for a Yandex 360 for Business organization, whose id is digits; `X-Cloud-Org-ID`
 *   for a Yandex Cloud Organization), a JSON body of `queue`, `summary`, `description`, `deadline`
 *   (YYYY-MM-DD) and `unique`: "a field with a unique value that disables creation of duplicate
 *   issues: no duplicate is created and the response is an error with code 409". 201 Created
 *   answers the issue (`key`, `id`, `self`, ...).
 * - `POST /v3/issues/_search` with `{"filter": {"unique": "…"}}` answers the issues with that value
 *   (200, an array): how an issue made by an attempt whose answer was lost is found.
 * - Codes: 400 (a parameter invalid), 401 (not authorized), 403 (no rights), 404 (not found: the
 *   queue), 409 (the conflict `unique` gives), 412, 422 (validation), 423, 428, 429 (too many
 *   requests), 5xx.
 *
 * Pure: the item's issue and what an answer means.
 */
import type { Lang } from '@/lib/i18n';
import type { DeliveryItem } from './items';
import type { AttemptAnswer } from './retry';

export const TRACKER_API = 'https://api.tracker.yandex.net';
export const ISSUES_PATH = '/v3/issues/';
export const SEARCH_PATH = '/v3/issues/_search';

/** An issue's summary is cut to this many characters (the item's whole text is in the description). */
export const SUMMARY_MAX = 255;

const QUEUE = /^[A-Z][A-Z0-9]{0,99}$/;
/** A Yandex 360 for Business organization's id: digits. A Yandex Cloud Organization's: letters and digits. */
const ORG_360 = /^\d{1,20}$/;
const ORG_CLOUD = /^[a-z][a-z0-9]{5,49}$/;
/** Yandex OAuth tokens (`y0_…`, and the older 39-character form). */
const TOKEN = /^(?:y\d_[A-Za-z0-9_-]{20,200}|[A-Za-z0-9_-]{39})$/;

/** A token as Yandex's OAuth gives it. */
export function isTrackerToken(value: string): boolean {
  return TOKEN.test(value.trim().replace(/^OAuth\s+/i, ''));
}

/**
 * The token and "queue and organization" a person typed ("TEAM 1234567", "TEAM, bpf3crucp1v2"),
 * made into the destination: the API's address, the queue, and the headers every request carries.
 */
export function parseTracker(
  input: { token: string; chatId: string },
  api = TRACKER_API,
):
  | { ok: true; url: string; chatId: string; headers: Record<string, string> }
  | { ok: false; problem: 'token' | 'chat' } {
  const token = input.token.trim().replace(/^OAuth\s+/i, '');
  if (!TOKEN.test(token)) return { ok: false, problem: 'token' };
  const [queue = '', org = '', ...rest] = input.chatId.trim().split(/[\s,;/@]+/);
  const key = queue.toUpperCase();
  if (rest.length > 0 || !QUEUE.test(key)) return { ok: false, problem: 'chat' };
  const header = ORG_360.test(org) ? 'X-Org-ID' : ORG_CLOUD.test(org) ? 'X-Cloud-Org-ID' : null;
  if (!header) return { ok: false, problem: 'chat' };
  return {
    ok: true,
    url: api.replace(/\/+$/, ''),
    chatId: key,
    headers: { Authorization: `OAuth ${token}`, [header]: org },
  };
}

/**
 * The `unique` of an item's issue in a queue: the same item (its first meeting in its series, its
 * text and owners) gives the same value, whichever delivery or attempt creates it.
 */
export function uniqueOf(queue: string, item: Pick<DeliveryItem, 'key'>): string {
  return `meeting-capture:${queue}:${item.key}`;
}

const WORDS = {
  en: {
    owner: (names: string) => `Owner (suggested by Meeting Capture from the protocol): ${names}`,
    due: (date: string, words: string | null) => `Due: ${date}${words ? ` (“${words}”)` : ''}`,
    from: (title: string, date: string) =>
      `From the meeting “${title}”${date ? `, ${date}` : ''} (Meeting Capture).`,
    test: 'Meeting Capture: a test task. This destination works; you may close it.',
    testBody: 'Created by the Test button of Meeting Capture’s deliveries.',
  },
  ru: {
    owner: (names: string) => `Ответственный (предположение Meeting Capture по протоколу): ${names}`,
    due: (date: string, words: string | null) => `Срок: ${date}${words ? ` («${words}»)` : ''}`,
    from: (title: string, date: string) =>
      `Со встречи «${title}»${date ? `, ${date}` : ''} (Meeting Capture).`,
    test: 'Meeting Capture: проверочная задача. Это назначение работает; задачу можно закрыть.',
    testBody: 'Создана кнопкой «Проверить» в доставках Meeting Capture.',
  },
} as const;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A summary of at most `SUMMARY_MAX` characters, cut at a word when it can be. */
export function summaryOf(text: string): string {
  const line = oneLine(text) || '—';
  if (line.length <= SUMMARY_MAX) return line;
  const cut = line.slice(0, SUMMARY_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > SUMMARY_MAX / 2 ? cut.slice(0, space) : cut}…`;
}

/** The issue's body for one item. */
export function issueOf(
  item: DeliveryItem,
  meeting: { queue: string; title: string; date: string; lang: Lang },
): Record<string, unknown> {
  const words = WORDS[meeting.lang];
  const description = [
    oneLine(item.text),
    '',
    item.owner && item.owner.length > 0 ? words.owner(item.owner.join(', ')) : null,
    item.due ? words.due(item.due, item.dueWords) : null,
    words.from(oneLine(meeting.title) || '—', meeting.date),
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
  return {
    queue: meeting.queue,
    summary: summaryOf(item.text),
    description,
    ...(item.due ? { deadline: item.due } : {}),
    unique: uniqueOf(meeting.queue, item),
  };
}

/** The test's issue (the Test button): one, its `unique` the test's key. */
export function testIssueOf(queue: string, key: string, lang: Lang): Record<string, unknown> {
  return {
    queue,
    summary: WORDS[lang].test,
    description: WORDS[lang].testBody,
    unique: `meeting-capture:${queue}:${key}`,
  };
}

/** The search that finds the issue a `unique` value made. */
export function searchOf(unique: string): string {
  return JSON.stringify({ filter: { unique } });
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** An issue's key as Tracker writes it (`TEAM-12`), when `value` is an issue. */
function issueKey(value: unknown): string | null {
  const key = record(value)?.key;
  return typeof key === 'string' && /^[A-Z][A-Z0-9]{0,99}-\d{1,12}$/.test(key) ? key : null;
}

/**
 * An answer of Tracker's in the deliveries' terms. A 2xx is believed only when it is what the API
 * answers (an issue for a create, an array of issues for a search): anything else (an HTML page, a
 * proxy's answer) is an `unexpected-answer`, tried again, which `unique` makes safe. A 409 to a create
 * is the issue made before: adopted, never made again.
 */
export function trackerAnswer(status: number, body: unknown, retryAfterMs: number | null): AttemptAnswer {
  if (status >= 200 && status < 300) {
    if (Array.isArray(body)) return { status, found: body.map(issueKey).find((key) => key !== null) ?? null };
    const key = issueKey(body);
    return key ? { status, created: key } : { problem: 'unexpected-answer' };
  }
  if (status === 409) return { status, adopted: true };
  if (status === 401) return { status, refusal: 'token-refused' };
  if (status === 403) return { status, refusal: 'no-rights' };
  if (status === 404) return { status, refusal: 'queue-not-found' };
  return { status, retryAfterMs };
}
