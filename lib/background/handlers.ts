/**
 * The background side of every message in lib/messaging.ts. `respond` runs after `checkMessage`
 * (envelope, sender, payload) and turns anything thrown into a plain `{kind, ...}` error.
 */
import {
  ApiError,
  contentTypeFor,
  escapeRegex,
  isApiError,
  normalizeTitle,
  type ProcessingResult,
  toApiErrorInfo,
} from '@/lib/api';
import { isArchivable } from '@/lib/archive';
import type { AutoJoinView } from '@/lib/calendar/auto-join-service';
import type { Job } from '@/lib/jobs/types';
import { detectCalendarPage, type MeetingLink, parseMeetingLink } from '@/lib/links';
import {
  type ErrorInfo,
  type MessageResult,
  type MessageType,
  type PageAutoJoin,
  type PageJob,
  PROTOCOL_SHOWN_MAX,
  type Refusal,
  type ResponseMap,
  type ScheduledBot,
  type SessionView,
  type ShownResult,
} from '@/lib/messaging';
import { recordBreakage } from '@/lib/page/breakage';
import { isHiddenOnSite } from '@/lib/page/conditions';
import { PAGE_TEXT } from '@/lib/page/page-text';
import { orderSpaces, spacesForPage } from '@/lib/page/spaces';
import { originOf, originPattern } from '@/lib/permissions';
import { sessionEndedItem } from '@/lib/session-store';
import {
  accountItem,
  getSettings,
  pageBreakagesItem,
  type Settings,
  serviceUrlItem,
  settingsItem,
  storageOriginsItem,
} from '@/lib/storage';
import { parseServiceUrl } from '@/lib/url/service-url';
import { normalizeServiceUrl } from './account';
import { createArchiveHandlers } from './archive-handlers';
import { createCalendarHandlers } from './calendar-handlers';
import { createDeliveryHandlers } from './delivery-handlers';
import { type Handlers, MessageError } from './handler-types';
import { createMenus } from './menus';
import { createRecordingHandlers } from './recording-handlers';
import { pageKindOf, type Sender } from './senders';
import { sessionView } from './session';
import type { Background } from './types';

export { type Handlers, MessageError };

/** A bot scheduled earlier than this before now is refused (an event that is long over). */
const SCHEDULE_PAST_TOLERANCE_MS = 5 * 60_000;

async function requireServiceAccess(bg: Background, serviceUrl?: string): Promise<void> {
  const url = serviceUrl ?? (await serviceUrlItem.getValue());
  if (!(await bg.hasOriginAccess(url)))
    throw new MessageError({ kind: 'permission-denied', origin: originOf(url) });
}

/** Jobs need a session: refuse up front rather than create a job that cannot move. */
async function requireSession(bg: Background): Promise<void> {
  if (!(await bg.sessionStore.get())) {
    throw new ApiError({ kind: 'auth', reason: 'not-signed-in' });
  }
  await requireServiceAccess(bg);
}

async function currentView(bg: Background): Promise<SessionView> {
  return sessionView(
    await bg.sessionStore.get(),
    await sessionEndedItem.getValue(),
    await serviceUrlItem.getValue(),
    bg.now(),
  );
}

async function settingsView(): Promise<Settings & { serviceUrl: string }> {
  return { ...(await getSettings()), serviceUrl: await serviceUrlItem.getValue() };
}

/**
 * A service address as the person typed it, re-checked here whatever the page checked: a bare
 * host means https, http only on loopback, no user name or password (lib/url/service-url.ts). The
 * refusal names the problem, never the address (it may hold a password).
 */
function checkedServiceUrl(input: string): string {
  const parsed = parseServiceUrl(input);
  if (parsed.ok) return parsed.url;
  throw refused('serviceUrl', `service-url-${parsed.problem}`);
}

/**
 * The background's own refusal of a well-formed request: its code, worded in the language in force
 * by lib/failures (`message` is the code, or the engine's English detail for a regular expression).
 */
function refused(path: string, refusal: Refusal, message: string = refusal): MessageError {
  return new MessageError({ kind: 'invalid-message', issues: [{ path, message, refusal }] });
}

/**
 * Switches to another service. The session belongs to the old one: it is forgotten before the new
 * URL is used, so a token is never sent to a service that did not issue it.
 */
async function switchService(bg: Background, serviceUrl: string): Promise<void> {
  const next = normalizeServiceUrl(checkedServiceUrl(serviceUrl));
  if (next === (await serviceUrlItem.getValue())) return;
  await requireServiceAccess(bg, next);
  await bg.engine.suspendUploads();
  await bg.sessionStore.clear();
  await accountItem.setValue(null);
  await storageOriginsItem.setValue([]);
  await serviceUrlItem.setValue(next);
}

function notMeeting(): MessageError {
  return new MessageError({ kind: 'not-a-meeting-link' });
}

/** The sign-in waiting for the service (one per background), so the form's Cancel can stop it. */
let signInUnderWay: AbortController | null = null;

function senderHost(sender: Sender): string {
  try {
    return new URL(sender.url ?? '').hostname;
  } catch {
    return '';
  }
}

/**
 * The meeting a page may send a bot to: on a meeting page, that meeting only; on a calendar, a
 * link the meeting detector accepts (the event's links); nowhere else.
 */
function meetingForSender(link: string, sender: Sender): MeetingLink {
  const url = sender.url ?? '';
  const meeting = parseMeetingLink(link);
  if (!meeting) throw notMeeting();
  const kind = pageKindOf(url);
  if (kind === 'calendar') return meeting;
  if (kind === 'meeting' && parseMeetingLink(url)?.url === meeting.url) return meeting;
  throw notMeeting();
}

/** The meeting of the sender tab itself, when it is a meeting page (the tab rule acts on no other). */
function ownMeeting(sender: Sender): MeetingLink {
  const url = sender.url ?? '';
  const meeting = pageKindOf(url) === 'meeting' ? parseMeetingLink(url) : null;
  if (!meeting) throw notMeeting();
  return meeting;
}

/** The tab rule's state as a page is told it: its job only as `pageJob`. */
function pageAutoJoin(view: AutoJoinView): PageAutoJoin {
  if (view.state === 'sent' || view.state === 'failed') {
    return {
      state: view.state,
      job: view.job ? pageJob(view.job) : null,
      ...(view.error ? { error: view.error } : {}),
    };
  }
  return view;
}

/** A result with its protocol cut at a line end when it is too long to show (see `ShownResult`). */
export function shownResult(result: ProcessingResult, max = PROTOCOL_SHOWN_MAX): ShownResult {
  const protocol = result.result?.protocol;
  if (!result.result || protocol === undefined || protocol.length <= max) return result;
  const lineEnd = protocol.lastIndexOf('\n', max);
  const shown = protocol.slice(0, lineEnd > max / 2 ? lineEnd : max);
  return {
    ...result,
    result: { ...result.result, protocol: shown },
    protocolTruncated: { shownChars: shown.length, totalChars: protocol.length },
  };
}

/** A job as a page control is told about it: what it shows, nothing else. */
function pageJob(job: Job): PageJob {
  return {
    id: job.id,
    intent: job.intent,
    phase: job.phase,
    spaceId: job.spaceId,
    createdAt: job.createdAt,
    ...(job.spaceName === undefined ? {} : { spaceName: job.spaceName }),
    ...(job.failure === undefined ? {} : { failure: job.failure }),
  };
}

export function createHandlers(bg: Background): Handlers {
  const afterSessionChange = async () => {
    await bg.checkSession();
    void bg.scheduler.run();
  };

  return {
    ...createCalendarHandlers(bg),
    ...createArchiveHandlers(bg),
    ...createDeliveryHandlers(bg),
    ...createRecordingHandlers(bg),

    'session.get': () => currentView(bg),

    'session.signIn': async ({ serviceUrl: typed, email, password, retry }) => {
      const serviceUrl = checkedServiceUrl(typed);
      await requireServiceAccess(bg, serviceUrl);
      await switchService(bg, serviceUrl);
      signInUnderWay?.abort();
      const controller = new AbortController();
      signInUnderWay = controller;
      try {
        // The password goes to the service once and is dropped: only the token pair is kept.
        await bg.client.signIn(email, password, { signal: controller.signal, retry: retry ?? true });
      } finally {
        if (signInUnderWay === controller) signInUnderWay = null;
      }
      await bg.refreshSpaces().catch(() => undefined);
      await afterSessionChange();
      return currentView(bg);
    },

    'session.signInCancel': async () => {
      const under = signInUnderWay;
      signInUnderWay = null;
      under?.abort();
      return { cancelled: under !== null };
    },

    'session.signOut': async () => {
      await bg.engine.suspendUploads();
      await bg.sessionStore.clear();
      await accountItem.setValue(null);
      await afterSessionChange();
      return currentView(bg);
    },

    'settings.get': () => settingsView(),

    'settings.set': async (payload) => {
      const { serviceUrl, ...rest } = payload;
      if (serviceUrl !== undefined) await switchService(bg, serviceUrl);
      const before = await getSettings();
      const next: Settings = { ...before };
      for (const [key, value] of Object.entries(rest)) {
        if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
      }
      await settingsItem.setValue(next);
      if (next.language !== before.language) await createMenus(await bg.lang()).catch(() => undefined);
      if (serviceUrl !== undefined) await afterSessionChange();
      return settingsView();
    },

    'spaces.list': async () => {
      await requireServiceAccess(bg);
      return bg.refreshSpaces();
    },

    'space.get': async ({ spaceId }) => {
      await requireServiceAccess(bg);
      return bg.client.getSpace(spaceId);
    },

    'recordings.list': async ({ spaceId, search, regex, limit, offset }) => {
      let pattern: string | undefined;
      if (search !== undefined && search !== '') {
        if (regex) {
          try {
            new RegExp(search, 'i');
          } catch (error) {
            throw refused(
              'search',
              'invalid-regex',
              error instanceof Error ? error.message : 'invalid-regex',
            );
          }
          pattern = search;
        } else pattern = escapeRegex(search);
      }
      await requireServiceAccess(bg);
      const page = await bg.client.listRecordings(spaceId, {
        ...(pattern === undefined ? {} : { search: pattern }),
        ordering: '-created_at',
        limit,
        offset,
      });
      await bg.noteStorageOrigins(page.results.slice(0, 1).map((recording) => recording.url));
      return page;
    },

    'recordings.trash': async ({ spaceId, limit, offset }) => {
      await requireServiceAccess(bg);
      return bg.client.listTrash(spaceId, { limit, offset });
    },

    'recordings.delete': async ({ spaceId, audioIds }) => {
      await requireServiceAccess(bg);
      await bg.client.deleteRecordings(spaceId, audioIds);
      return null;
    },

    'recording.info': async ({ spaceId, audioId }) => {
      await requireServiceAccess(bg);
      const recording = await bg.client.getRecordingInfo(spaceId, audioId);
      await bg.noteStorageOrigins([recording.url]);
      return recording;
    },

    'recording.result': async ({ spaceId, audioId }) => {
      // A ready result does not change: once kept in the archive it is read from there, offline too.
      const owner = await bg.archiveOwner();
      // An archive that cannot be read (no IndexedDB, a full disk) only costs the network read.
      const kept = owner
        ? await Promise.all([
            bg.archive.getFor(owner, spaceId, audioId),
            bg.archive.speakerNames(spaceId, audioId),
          ]).catch((error) => {
            console.warn('archive not read', error);
            return null;
          })
        : null;
      if (kept?.[0]) {
        const [record, speakerNames] = kept;
        return { ...shownResult(record.result), archived: { createdAt: record.createdAt, speakerNames } };
      }
      await requireServiceAccess(bg);
      let result: ProcessingResult;
      try {
        result = await bg.client.getResult(spaceId, audioId);
      } catch (error) {
        if (isApiError(error, 'not-found')) return null;
        throw error;
      }
      if (owner && isArchivable(result)) {
        // The recording's date comes with its info (one more read, once per recording).
        const createdAt = await bg.client
          .getRecordingInfo(spaceId, audioId)
          .then((recording) => Date.parse(recording.created_at) || null)
          .catch(() => null);
        const kept = await bg.archive.keep(owner, { spaceId, audioId, createdAt, result }).catch((error) => {
          console.warn('result not archived', error);
          return false;
        });
        if (kept) return { ...shownResult(result), archived: { createdAt, speakerNames: {} } };
      }
      return shownResult(result);
    },

    'recording.process': async ({ spaceId, audioId }) => {
      await requireSession(bg);
      const name = (await bg.spaces(Number.POSITIVE_INFINITY).catch(() => [])).find(
        (space) => space.id === spaceId,
      )?.name;
      return bg.engine.createProcess(spaceId, audioId, name);
    },

    'jobs.list': () => bg.jobs.list(),

    'jobs.dismiss': async ({ jobId }) => {
      await bg.engine.dismiss(jobId);
      return null;
    },

    'jobs.cancel': async ({ jobId }) => {
      const outcome = await bg.engine.cancel(jobId);
      if (!outcome.ok) {
        throw new MessageError({ kind: 'not-cancellable' });
      }
      return outcome.job;
    },

    'upload.file': async ({ spaceId, fileKey, title, contentType, size, process }) => {
      await requireSession(bg);
      const normalized = normalizeTitle(title);
      const file = await bg.files.getFile(fileKey);
      if (!file) {
        throw refused('fileKey', 'file-missing');
      }
      const space = await bg.resolveSpace(spaceId);
      const autoProcess = process && (await getSettings()).autoProcess;
      return bg.engine.createUpload(
        space.id,
        { fileKey, title: normalized, contentType, size: file.size || size },
        autoProcess,
        space.name,
      );
    },

    'upload.url': async ({ spaceId, url, title, process }) => {
      await requireSession(bg);
      const autoProcess = process && (await getSettings()).autoProcess;
      const named = title === undefined ? undefined : normalizeTitle(title);
      const job = await bg.transcribe(url, { spaceId, title: named, autoProcess });
      if (job) return job;
      if (title !== undefined) {
        // A direct link whose path carries no extension (a signed download link): the title names the type.
        const space = await bg.resolveSpace(spaceId);
        return bg.engine.createLink(
          space.id,
          { url, title: named!, contentType: contentTypeFor(named!) ?? 'application/octet-stream' },
          autoProcess,
          space.name,
        );
      }
      throw new MessageError({ kind: 'not-a-video-page' });
    },

    'schedules.list': () => bg.schedules.list(),

    'schedules.cancel': ({ id }) => bg.schedules.cancel(id),

    'service.origins': async () => {
      const serviceUrl = await serviceUrlItem.getValue();
      let known = await storageOriginsItem.getValue();
      if (known.length === 0 && (await bg.sessionStore.get()) && (await bg.hasOriginAccess(serviceUrl))) {
        // One recording's source link names the storage origin.
        try {
          const space = await bg.resolveSpace();
          const page = await bg.client.listRecordings(space.id, { limit: 1, offset: 0 });
          await bg.noteStorageOrigins(page.results.map((recording) => recording.url));
          known = await storageOriginsItem.getValue();
        } catch {
          // Unknown for now; the upload reports a missing permission with its origin.
        }
      }
      const service = originPattern(serviceUrl);
      const storage = [...new Set(known.map((origin) => originPattern(origin)))].filter(
        (pattern) => pattern !== service,
      );
      const missing: string[] = [];
      for (const [pattern, url] of [
        [service, serviceUrl] as const,
        ...known.map((origin) => [originPattern(origin), origin] as const),
      ]) {
        if (!missing.includes(pattern) && !(await bg.hasOriginAccess(url))) {
          missing.push(pattern);
        }
      }
      return { service, storage, missing };
    },

    'page.context': async (_payload, sender) => {
      const [session, settings] = await Promise.all([bg.sessionStore.get(), getSettings()]);
      const lang = await bg.lang();
      const page = {
        lang,
        defaultSpaceId: settings.defaultSpaceId,
        hidden: isHiddenOnSite(settings.hiddenOnSites ?? [], senderHost(sender)),
        text: PAGE_TEXT[lang],
      };
      if (!session || !(await bg.hasOriginAccess(await serviceUrlItem.getValue()))) {
        return { signedIn: false, spaces: [], ...page };
      }
      // The default space first: the controls offer the spaces in this order.
      const spaces = orderSpaces({
        signedIn: true,
        defaultSpaceId: settings.defaultSpaceId,
        spaces: spacesForPage(await bg.spaces()),
      });
      return { signedIn: true, spaces, ...page };
    },

    'page.sendBot': async ({ link, spaceId }, sender) => {
      const meeting = meetingForSender(link, sender);
      await requireSession(bg);
      return pageJob(await bg.sendBot(meeting, spaceId));
    },

    'page.transcribe': async ({ spaceId }, sender) => {
      // The sender tab's own page, whatever the payload's `url` says (kept for older content scripts).
      const url = sender.url ?? '';
      if (pageKindOf(url) !== 'video') throw new MessageError({ kind: 'not-a-video-page' });
      await requireSession(bg);
      // The tab's title (the browser's, not the message's) tells the video's recording should the
      // submit's answer be lost.
      const job = await bg.transcribe(url, { spaceId, videoTitle: sender.tab?.title });
      if (!job) throw new MessageError({ kind: 'not-a-video-page' });
      return pageJob(job);
    },

    'page.scheduleBot': async ({ link, startsAt, title, spaceId }, sender) => {
      const meeting = meetingForSender(link, sender);
      if (startsAt < bg.now() - SCHEDULE_PAST_TOLERANCE_MS) {
        throw refused('startsAt', 'event-started');
      }
      await requireSession(bg);
      const space = await bg.resolveSpace(spaceId);
      const bot: ScheduledBot = {
        id: crypto.randomUUID(),
        link: meeting.url,
        meetingService: meeting.service,
        startsAt,
        spaceId: space.id,
        ...(title ? { title } : {}),
      };
      return bg.schedules.add(bot);
    },

    'page.autoJoin': async ({ looking, spaceId }, sender) => {
      const meeting = ownMeeting(sender);
      const tabId = sender.tab?.id;
      if (tabId === undefined) throw notMeeting();
      // Looked at: the page says it is visible and focused, and the browser that it is the active tab.
      const seen = looking && sender.tab?.active === true;
      return pageAutoJoin(await bg.autoJoin.ask(meeting, tabId, sender.url ?? '', seen, spaceId));
    },

    'page.autoJoinCancel': async (_payload, sender) =>
      pageAutoJoin(await bg.autoJoin.cancel(ownMeeting(sender))),

    'page.breakage': async ({ part }, sender) => {
      // Kept for calendar pages only, the part a few lowercase words (the schema): no page content.
      const page = detectCalendarPage(sender.url ?? '');
      if (!page) return null;
      const host = senderHost(sender);
      await pageBreakagesItem.setValue(
        recordBreakage(await pageBreakagesItem.getValue(), { app: page.app, host, part }, Date.now()),
      );
      return null;
    },

    'page.hideOnSite': async ({ host }, sender) => {
      // A page may hide our controls on itself only.
      const own = sender.url ? new URL(sender.url).hostname : null;
      if (host.toLowerCase() !== own) {
        throw refused('host', 'not-own-host');
      }
      const settings = await getSettings();
      if (!settings.hiddenOnSites.includes(own)) {
        await settingsItem.setValue({
          ...settings,
          hiddenOnSites: [...settings.hiddenOnSites, own].slice(-500),
        });
      }
      return null;
    },
  };
}

function errorInfoOf(error: unknown): ErrorInfo {
  if (error instanceof MessageError) return error.info;
  const info = toApiErrorInfo(error);
  if (info.kind === 'unexpected') return { kind: 'internal', message: info.message };
  return info;
}

/** Runs a checked message's handler and wraps its outcome. */
export async function respond(
  handlers: Handlers,
  type: MessageType,
  payload: unknown,
  sender: Sender,
): Promise<MessageResult<ResponseMap[MessageType]>> {
  try {
    const handler = handlers[type] as (payload: unknown, sender: Sender) => Promise<ResponseMap[MessageType]>;
    return { ok: true, data: await handler(payload, sender) };
  } catch (error) {
    return { ok: false, error: errorInfoOf(error) };
  }
}
