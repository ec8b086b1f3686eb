/**
 * The title of a recording made in the browser: the meeting (service and code) or the page's
 * title (its host when it has none), and the date and time it started, in the user's language.
 */
import { formatLocalStamp } from '@/lib/format/dates';
import type { Lang } from '@/lib/i18n';
import { meetingServiceName } from '@/lib/meetings';

export interface RecordedPage {
  url: string;
  title?: string;
  /** The meeting on that page, when it is one (lib/links). */
  meeting?: { service: string; id?: string } | null;
}

const MAX_TITLE = 120;

function clean(text: string): string {
  // No control characters or line breaks; spaces collapsed.
  return text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

export function recordingTitle(page: RecordedPage, startedAt: Date, lang: Lang): string {
  const fallback = lang === 'ru' ? 'Запись вкладки' : 'Tab recording';
  let subject: string;
  if (page.meeting) {
    const name = meetingServiceName(page.meeting.service, lang);
    subject = page.meeting.id ? `${name} ${page.meeting.id}` : name;
  } else {
    subject = clean(page.title ?? '') || hostOf(page.url) || fallback;
  }
  const stamp = ` — ${formatLocalStamp(startedAt)}`;
  const room = MAX_TITLE - stamp.length;
  const cut = subject.length > room ? `${subject.slice(0, room - 1).trimEnd()}…` : subject;
  return `${clean(cut)}${stamp}`;
}
