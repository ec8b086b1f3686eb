/**
 * Who may send what. Pure functions of the message and its sender, so they are unit-tested
 * without a browser.
 *
 * - Privileged messages (sign-in, settings, account data, recordings, jobs, uploads) come only from
 *   the extension's own pages: `sender.id` is ours and `sender.url` is under our origin. Not
 *   `!sender.tab`: an extension page opened in a tab (options, viewer) has a tab too.
 * - Page-scoped messages come only from a tab whose URL the detectors accept: a meeting page, a
 *   video page or a calendar.
 */
import type { Browser } from 'wxt/browser';
import type { z } from 'zod/mini';
import { parseMeetingLink, parseVideoPage } from '@/lib/links';
import type { MessagePayload, MessageType, MessagingErrorInfo } from '@/lib/messaging';
import { envelopeSchema, PAGE_SCOPED, requestSchemas } from '@/lib/messaging-schemas';

export type Sender = Pick<Browser.runtime.MessageSender, 'id' | 'url' | 'tab'>;

/** Calendar hosts whose event pages carry meeting links (page-scoped senders). */
export const CALENDAR_HOSTS: readonly string[] = [
  'calendar.google.com',
  'calendar.yandex.ru',
  'calendar.yandex.com',
  'outlook.live.com',
  'outlook.office.com',
  'outlook.office365.com',
];

export function isCalendarPage(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    return protocol === 'https:' && CALENDAR_HOSTS.includes(hostname);
  } catch {
    return false;
  }
}

/** A page the content scripts may act for: a meeting, a video page or a calendar. */
export function isSupportedPage(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    if (protocol !== 'https:' && protocol !== 'http:') return false;
  } catch {
    return false;
  }
  return parseMeetingLink(url) !== null || parseVideoPage(url) !== null || isCalendarPage(url);
}

export interface OwnExtension {
  id: string;
  /** `browser.runtime.getURL('/')`, e.g. `chrome-extension://<id>/`. */
  baseUrl: string;
}

export function isExtensionPage(sender: Sender, own: OwnExtension): boolean {
  return sender.id === own.id && typeof sender.url === 'string' && sender.url.startsWith(own.baseUrl);
}

export function isSupportedTab(sender: Sender, own: OwnExtension): boolean {
  return (
    sender.id === own.id &&
    sender.tab !== undefined &&
    typeof sender.url === 'string' &&
    isSupportedPage(sender.url)
  );
}

export type CheckedMessage =
  | { ok: true; type: MessageType; payload: unknown }
  | { ok: false; error: MessagingErrorInfo }
  /** Not ours (another channel): ignored, no answer. */
  | { ok: 'ignore' };

function issuesOf(error: z.core.$ZodError): Array<{ path: string; message: string }> {
  return error.issues
    .slice(0, 20)
    .map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** Envelope, message type, sender, then payload: in that order, so a stranger learns nothing from validation. */
export function checkMessage(message: unknown, sender: Sender, own: OwnExtension): CheckedMessage {
  const envelope = envelopeSchema.safeParse(message);
  if (!envelope.success) return { ok: 'ignore' };
  const type = envelope.data.type;
  if (!Object.hasOwn(requestSchemas, type)) return { ok: false, error: { kind: 'unknown-message', type } };
  const known = type as MessageType;
  const allowed = PAGE_SCOPED.has(known) ? isSupportedTab(sender, own) : isExtensionPage(sender, own);
  if (!allowed) return { ok: false, error: { kind: 'forbidden-sender', type } };
  const payload = requestSchemas[known].safeParse(envelope.data.payload ?? {});
  if (!payload.success)
    return { ok: false, error: { kind: 'invalid-message', issues: issuesOf(payload.error) } };
  return { ok: true, type: known, payload: payload.data };
}

export type Payload<T extends MessageType> = z.output<(typeof requestSchemas)[T]> & MessagePayload<T>;
