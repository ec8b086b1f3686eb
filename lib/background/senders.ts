/**
 * Who may send what. Pure functions of the message and its sender, so they are unit-tested
 * without a browser.
 *
 * - Privileged messages (sign-in, settings, account data, recordings, jobs, uploads) come only from
 *   the extension's own pages: `sender.id` is ours and `sender.url` is under our origin. Not
 *   `!sender.tab`: an extension page opened in a tab (options, viewer) has a tab too.
 * - Page-scoped messages come only from the top frame of a tab whose URL the content scripts act
 *   on (their match patterns and feature conditions): a meeting page, a video page or a calendar.
 *   What each may ask for is narrowed further to its own page by the handlers.
 */
import type { Browser } from 'wxt/browser';
import type { z } from 'zod/mini';
import type { MessagePayload, MessageType, MessagingErrorInfo } from '@/lib/messaging';
import { envelopeSchema, PAGE_SCOPED, requestSchemas } from '@/lib/messaging-schemas';
import { isCalendarPage, isMediaPage, isMeetingPage, isVideoPage } from '@/lib/page/conditions';
import { CALENDAR_MATCHES, covers, MEETING_MATCHES, VIDEO_MATCHES } from '@/lib/page/match-patterns';

export type Sender = Pick<Browser.runtime.MessageSender, 'id' | 'url' | 'tab' | 'frameId'>;

/** What kind of page a page-scoped sender is: decides what it may ask for (lib/background/handlers.ts). */
export type PageKind = 'meeting' | 'calendar' | 'video';

/**
 * Each content script's `matches` and the feature conditions it runs: the background accepts a
 * page exactly when the content script would act on it (loaded there, and a feature's condition
 * accepts the URL). Redirect pages, Outlook mail and other pages on the same hosts are refused.
 */
const FAMILIES: ReadonlyArray<{
  kind: PageKind;
  matches: readonly string[];
  accepts: (url: URL) => boolean;
}> = [
  { kind: 'meeting', matches: MEETING_MATCHES, accepts: isMeetingPage },
  { kind: 'calendar', matches: CALENDAR_MATCHES, accepts: isCalendarPage },
  { kind: 'video', matches: VIDEO_MATCHES, accepts: (url) => isVideoPage(url) || isMediaPage(url) },
];

/** The kind of page the content scripts act on at this URL, or null. */
export function pageKindOf(url: string): PageKind | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return null;
  for (const family of FAMILIES) {
    if (covers(family.matches, parsed.href) && family.accepts(parsed)) return family.kind;
  }
  return null;
}

/** A page the content scripts may act for: a meeting, a video page or a calendar. */
export function isSupportedPage(url: string): boolean {
  return pageKindOf(url) !== null;
}

/**
 * The sender with its page's address as it is now. Single-page apps (Meet, YouTube, calendars)
 * move to another meeting or video with `history.pushState`, and Chrome's `sender.url` stays the
 * address the document was loaded at: a control re-mounted for the new meeting was judged by the
 * old one. The tab's URL is the browser's own record of the address bar (a page can change it
 * only within its origin, as the person sees it); it is taken for the top frame only, and only
 * while it is the document's own origin, so a message sent just before the tab went to another
 * site is judged by the page it came from.
 */
export function currentSender(sender: Sender): Sender {
  const tabUrl = sender.tab?.url;
  if (sender.frameId !== 0 || !tabUrl || !sender.url || tabUrl === sender.url) return sender;
  try {
    if (new URL(tabUrl).origin !== new URL(sender.url).origin) return sender;
  } catch {
    return sender;
  }
  return { ...sender, url: tabUrl };
}

export interface OwnExtension {
  id: string;
  /** `browser.runtime.getURL('/')`, e.g. `chrome-extension://<id>/`. */
  baseUrl: string;
}

function isExtensionPage(sender: Sender, own: OwnExtension): boolean {
  return sender.id === own.id && typeof sender.url === 'string' && sender.url.startsWith(own.baseUrl);
}

/** The top frame of a tab showing a page the content scripts act on (not a frame inside it). */
function isSupportedTab(sender: Sender, own: OwnExtension): boolean {
  return (
    sender.id === own.id &&
    sender.tab !== undefined &&
    sender.frameId === 0 &&
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
