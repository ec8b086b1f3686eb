/**
 * The background side of the page controls' messages (content scripts, each checked against its
 * sender tab in lib/background/senders.ts): the page context, a bot for the page's meeting, a
 * transcription of the page's video, a bot scheduled from a calendar, the tab rule, and "Hide on
 * this site". "Record here" of a meeting page is lib/background/recording-handlers.ts.
 */
import type { AutoJoinView } from '@/lib/calendar/auto-join-service';
import type { Job } from '@/lib/jobs/types';
import { detectCalendarPage } from '@/lib/links';
import { detectMeeting, type MeetingLink, parseMeetingLink } from '@/lib/meetings';
import type { PageAutoJoin, PageJob, ScheduledBot } from '@/lib/messaging';
import { recordBreakage } from '@/lib/page/breakage';
import { isHiddenOnSite } from '@/lib/page/conditions';
import { parseStartFromText } from '@/lib/page/event-start';
import { PAGE_TEXT } from '@/lib/page/page-text';
import { orderSpaces, spacesForPage } from '@/lib/page/spaces';
import { getSettings, pageBreakagesItem, serviceUrlItem, settingsItem } from '@/lib/storage';
import { notMeeting, refused, requireSession } from './handler-guards';
import { type Handlers, MessageError } from './handler-types';
import { pageKindOf, type Sender } from './senders';
import type { Background } from './types';

type PageMessages =
  | 'page.context'
  | 'page.sendBot'
  | 'page.transcribe'
  | 'page.scheduleBot'
  | 'page.autoJoin'
  | 'page.autoJoinCancel'
  | 'page.breakage'
  | 'page.eventStart'
  | 'page.hideOnSite';

/** A bot scheduled earlier than this before now is refused (an event that is long over). */
const SCHEDULE_PAST_TOLERANCE_MS = 5 * 60_000;

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

export function createPageHandlers(bg: Background): Pick<Handlers, PageMessages> {
  return {
    'page.context': async (_payload, sender) => {
      const [session, settings] = await Promise.all([bg.session.store.get(), getSettings()]);
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
        spaces: spacesForPage(await bg.spaces.list()),
      });
      return { signedIn: true, spaces, ...page };
    },

    'page.sendBot': async ({ link, spaceId }, sender) => {
      const meeting = meetingForSender(link, sender);
      await requireSession(bg);
      return pageJob(await bg.jobs.sendBot(meeting, spaceId));
    },

    'page.transcribe': async ({ spaceId }, sender) => {
      // The sender tab's own page, whatever the payload's `url` says (kept for older content scripts).
      const url = sender.url ?? '';
      if (pageKindOf(url) !== 'video') throw new MessageError({ kind: 'not-a-video-page' });
      await requireSession(bg);
      // The tab's title (the browser's, not the message's) tells the video's recording should the
      // submit's answer be lost.
      const job = await bg.jobs.transcribe(url, { spaceId, videoTitle: sender.tab?.title });
      if (!job) throw new MessageError({ kind: 'not-a-video-page' });
      return pageJob(job);
    },

    'page.scheduleBot': async ({ link, startsAt, title, spaceId }, sender) => {
      const meeting = meetingForSender(link, sender);
      if (startsAt < bg.now() - SCHEDULE_PAST_TOLERANCE_MS) {
        throw refused('startsAt', 'event-started');
      }
      await requireSession(bg);
      const space = await bg.spaces.resolve(spaceId);
      const bot: ScheduledBot = {
        id: crypto.randomUUID(),
        link: meeting.url,
        meetingService: meeting.service,
        startsAt,
        spaceId: space.id,
        ...(title ? { title } : {}),
      };
      return bg.calendar.schedules.add(bot);
    },

    'page.autoJoin': async ({ looking, spaceId }, sender) => {
      const meeting = ownMeeting(sender);
      const tabId = sender.tab?.id;
      if (tabId === undefined) throw notMeeting();
      // Looked at: the page says it is visible and focused, and the browser that it is the active tab.
      const seen = looking && sender.tab?.active === true;
      return pageAutoJoin(await bg.calendar.autoJoin.ask(meeting, tabId, sender.url ?? '', seen, spaceId));
    },

    'page.autoJoinCancel': async (_payload, sender) =>
      pageAutoJoin(await bg.calendar.autoJoin.cancel(ownMeeting(sender))),

    'page.breakage': async ({ part }, sender) => {
      // Kept for calendar and meeting pages, the part a few lowercase words (the schema): no page
      // content. The app is the sender's own page's.
      const url = sender.url ?? '';
      const app =
        detectCalendarPage(url)?.app ??
        (pageKindOf(url) === 'meeting' ? detectMeeting(url)?.service : undefined);
      if (!app) return null;
      const host = senderHost(sender);
      await pageBreakagesItem.setValue(
        recordBreakage(await pageBreakagesItem.getValue(), { app, host, part }, Date.now()),
      );
      return null;
    },

    'page.eventStart': async ({ text, slashOrder }, sender) =>
      // For calendar pages only: the start of the event they show, read from its text.
      detectCalendarPage(sender.url ?? '') ? parseStartFromText(text, { now: Date.now(), slashOrder }) : null,

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
