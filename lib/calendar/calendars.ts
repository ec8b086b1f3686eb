/**
 * Bots sent automatically to the meetings of the user's calendars.
 *
 * - Where: a private calendar address is a credential, so calendars live where the session does,
 *   in the extension origin's IndexedDB (lib/kv.ts), never in `storage.local`, and never go to a
 *   content script. Only extension pages see them, with the address masked.
 * - Sync: at browser start, when a calendar is added, and every 15 minutes while at least one
 *   calendar exists (no alarm when none does), with conditional requests (ETag / Last-Modified).
 * - Dispatch, once per occurrence (meeting link + start): the intent is written before the bot is
 *   sent, and a record in `sending` state is settled on the next start from the jobs the engine
 *   persisted before its own call, so a worker stop, a browser restart, two calendars holding the
 *   same meeting or a manual send of it never send a second bot. A start missed while the browser
 *   was closed is served if the meeting is still running, else shown as missed.
 * - The bot goes through the same path as a click (`sendBot` → the job engine); its end is
 *   notified by the engine's listeners with the same sentences as any bot (codes 4 and 5 included).
 */
import { browser } from 'wxt/browser';
// Not lib/calendar's index: the background must not load ical.js (lib/calendar/engine-thread.ts).
import { type CalendarCoverage, currentOccurrence } from '@/lib/calendar/auto-join';
import { maskFeedUrl, parseFeedUrl } from '@/lib/calendar/feed-url';
import { meetingOf, occurrenceKey, overlaps, type PlannedMeeting, planMeetings } from '@/lib/calendar/plan';
import {
  CALENDAR_DISPATCH_ALARM,
  CALENDAR_SYNC_ALARM,
  CALENDARS_KEY,
  DISPATCH_KEY,
  NOTICES_KEY,
} from '@/lib/calendar/store';
import {
  type CalendarError,
  type CalendarView,
  DEFAULT_RULE,
  type DispatchRecord,
  type MeetingOccurrence,
  type StoredCalendar,
  type UpcomingItem,
} from '@/lib/calendar/types';
import type { Job } from '@/lib/jobs/types';
import type { KeyValueStore } from '@/lib/kv';
import type { MeetingLink } from '@/lib/meetings';
import { parseMeetingLink } from '@/lib/meetings';
import { serialQueue } from '@/lib/serial';
import { FEED_CAPS } from './caps';
import { FEED_HOLD_MS, type FeedSyncDeps, syncFeed } from './feed-sync';
import { ownerEmail } from './owner';
import { type CalendarRuleInput, sanitizeRule } from './rules';
import type { ScheduledBot } from './types';
import { plannedSecondsOf, upcomingItems } from './upcoming';

export { CALENDAR_DISPATCH_ALARM, CALENDAR_SYNC_ALARM };

const SYNC_PERIOD_MINUTES = 15;
const CALENDARS_MAX = 20;
/** A bot sent by hand for the same link since this long before the start counts as this occurrence's. */
const MANUAL_SEND_WINDOW_MS = 30 * 60_000;
/** Dispatch records are kept this long after the start (then the occurrence is long over). */
const RECORD_KEEP_MS = 3 * 24 * 60 * 60_000;
/** The bots-per-day cap counts the bots the calendars sent by themselves in this window. */
const BOTS_PER_DAY_WINDOW_MS = 24 * 60 * 60_000;
/** Starts missed while the browser was closed are told one by one up to this many per pass. */
const MISSED_NOTICES_MAX = 3;
/**
 * Right before a planned send, its feed is read again (a conditional request), for at most this
 * long: a meeting moved or cancelled since the last sync (every 15 minutes) gets no bot at its old
 * time. A read that fails or is late leaves the plan as it was: the bot is sent as planned.
 */
export const PRESEND_READ_MS = 5_000;

export interface CalendarDeps extends FeedSyncDeps {
  kv: KeyValueStore;
  /** The same path as a click: resolves the space, creates (or joins) the bot job. */
  sendBot: (meeting: MeetingLink, spaceId?: number) => Promise<Job>;
  jobs: () => Promise<Job[]>;
  schedules: () => Promise<ScheduledBot[]>;
  /** Tells the user a meeting's start was missed while the browser was closed. */
  missed: (record: DispatchRecord) => Promise<void>;
  /** Tells the user the bot could not even be asked for. */
  failed: (record: DispatchRecord, error: unknown) => Promise<void>;
  /** The options' cap on bots sent from calendars in 24 hours. */
  botsPerDay: () => Promise<number>;
  /** Tells the user the cap was reached (once a day, however many meetings it held back). */
  capReached: (cap: number) => Promise<void>;
  describeError: (error: unknown) => Promise<string>;
}

export class CalendarAddError extends Error {
  constructor(
    readonly info: { kind: 'invalid-address'; problem: string } | CalendarError | { kind: 'too-many' },
  ) {
    super(info.kind);
  }
}

function newId(): string {
  return crypto.randomUUID();
}

export class Calendars {
  readonly #deps: CalendarDeps;
  /** One change at a time in this worker: two alarms firing together never both send. */
  readonly #serial = serialQueue();

  constructor(deps: CalendarDeps) {
    this.#deps = deps;
  }

  async #calendars(): Promise<StoredCalendar[]> {
    const stored = (await this.#deps.kv.get<StoredCalendar[]>(CALENDARS_KEY)) ?? [];
    return stored.map((calendar) => ({ ...calendar, rule: sanitizeRule(calendar.rule) }));
  }

  async #saveCalendars(calendars: StoredCalendar[]): Promise<void> {
    await this.#deps.kv.set(CALENDARS_KEY, calendars);
  }

  async #records(): Promise<Record<string, DispatchRecord>> {
    return (await this.#deps.kv.get<Record<string, DispatchRecord>>(DISPATCH_KEY)) ?? {};
  }

  async #saveRecord(record: DispatchRecord): Promise<void> {
    await this.#saveRecords([record]);
  }

  async #saveRecords(list: readonly DispatchRecord[]): Promise<void> {
    if (list.length === 0) return;
    const records = await this.#records();
    for (const record of list) records[record.key] = record;
    const oldest = this.#deps.now() - RECORD_KEEP_MS;
    for (const [key, value] of Object.entries(records)) if (value.startsAt < oldest) delete records[key];
    await this.#deps.kv.set(DISPATCH_KEY, records);
  }

  async list(): Promise<CalendarView[]> {
    const now = this.#deps.now();
    return (await this.#calendars()).map((calendar) => ({
      id: calendar.id,
      address: maskFeedUrl(calendar.url),
      name: calendar.name,
      rule: calendar.rule,
      lastSyncAt: calendar.lastSyncAt,
      lastError: calendar.lastError,
      upcoming: calendar.occurrences.filter((occurrence) => occurrence.startsAt >= now).length,
      capped: calendar.capped ?? [],
      ...(this.#held(calendar) ? { heldSince: calendar.badSince } : {}),
      ...(calendar.skipped ? { skipped: calendar.skipped } : {}),
      ...(calendar.partsSkipped ? { partsSkipped: calendar.partsSkipped } : {}),
      ...(calendar.unknownZones?.length ? { unknownZones: calendar.unknownZones } : {}),
    }));
  }

  /** Adds a calendar after a first successful sync; refuses with the reason otherwise. */
  add(address: string, rule: CalendarRuleInput = DEFAULT_RULE): Promise<CalendarView> {
    return this.#serial(async () => {
      const parsed = parseFeedUrl(address);
      if (!parsed.ok) throw new CalendarAddError({ kind: 'invalid-address', problem: parsed.problem });
      const calendars = await this.#calendars();
      const existing = calendars.find((calendar) => calendar.url === parsed.url);
      if (!existing && calendars.length >= CALENDARS_MAX) throw new CalendarAddError({ kind: 'too-many' });
      const calendar: StoredCalendar = existing ?? {
        id: newId(),
        url: parsed.url,
        name: null,
        rule: sanitizeRule(rule),
        addedAt: this.#deps.now(),
        lastSyncAt: null,
        lastError: null,
        etag: null,
        lastModified: null,
        feed: null,
        parsedAt: null,
        occurrences: [],
      };
      const synced = await syncFeed(calendar, true, this.#deps);
      if (synced.lastError) throw new CalendarAddError(synced.lastError);
      await this.#saveCalendars([...calendars.filter((other) => other.id !== synced.id), synced]);
      await this.#plan();
      return (await this.list()).find((view) => view.id === synced.id)!;
    });
  }

  remove(id: string): Promise<null> {
    return this.#serial(async () => {
      await this.#saveCalendars((await this.#calendars()).filter((calendar) => calendar.id !== id));
      await this.#plan();
      return null;
    });
  }

  setRule(id: string, rule: CalendarRuleInput): Promise<CalendarView | null> {
    return this.#serial(async () => {
      const calendars = await this.#calendars();
      const calendar = calendars.find((other) => other.id === id);
      if (!calendar) return null;
      const before = ownerEmail(calendar, null);
      calendar.rule = sanitizeRule(rule);
      // Declines are read against the owner: another owner, and the feed is read again on the next sync.
      if (ownerEmail(calendar, null) !== before) calendar.parsedAt = null;
      await this.#saveCalendars(calendars);
      await this.#plan();
      return (await this.list()).find((view) => view.id === id) ?? null;
    });
  }

  /** Fetches every calendar (conditional requests), then plans and serves what is due. */
  syncAll(): Promise<void> {
    return this.#serial(async () => {
      const calendars = await this.#calendars();
      const synced: StoredCalendar[] = [];
      for (const calendar of calendars) synced.push(await syncFeed(calendar, false, this.#deps));
      // A calendar removed meanwhile stays removed.
      const now = await this.#calendars();
      await this.#saveCalendars(synced.filter((calendar) => now.some((other) => other.id === calendar.id)));
      await this.#dispatchDue(true);
      await this.#plan();
    });
  }

  /** Whether the calendar's bots are held: its feed has not been read for FEED_HOLD_MS. */
  #held(calendar: StoredCalendar): boolean {
    return calendar.badSince !== undefined && this.#deps.now() - calendar.badSince >= FEED_HOLD_MS;
  }

  /** Every planned meeting, whatever its state, from the stored occurrences. */
  async #plans(): Promise<{ plans: PlannedMeeting[]; calendars: StoredCalendar[]; manual: ScheduledBot[] }> {
    const calendars = await this.#calendars();
    const manual = await this.#deps.schedules();
    const account = await this.#deps.accountEmail();
    const plans = planMeetings(
      calendars.map((calendar) => ({
        calendarId: calendar.id,
        rule: calendar.rule,
        email: ownerEmail(calendar, account),
        held: this.#held(calendar),
        // A meeting that started before its calendar was added is not sent.
        occurrences: calendar.occurrences.filter((occurrence) => occurrence.startsAt >= calendar.addedAt),
      })),
      new Set(manual.map((bot) => occurrenceKey(bot.link, bot.startsAt))),
    );
    return { plans, calendars, manual };
  }

  /** Arms the dispatch alarm at the next planned send, and the sync alarm while calendars exist. */
  async #plan(): Promise<void> {
    const calendars = await this.#calendars();
    if (calendars.length === 0) {
      await browser.alarms.clear(CALENDAR_SYNC_ALARM);
      await browser.alarms.clear(CALENDAR_DISPATCH_ALARM);
      return;
    }
    if (!(await browser.alarms.get(CALENDAR_SYNC_ALARM))) {
      await browser.alarms.create(CALENDAR_SYNC_ALARM, {
        delayInMinutes: SYNC_PERIOD_MINUTES,
        periodInMinutes: SYNC_PERIOD_MINUTES,
      });
    }
    const records = await this.#records();
    const now = this.#deps.now();
    const next = (await this.#plans()).plans.find(
      (plan) => !records[plan.key] && !plan.held && plan.sendAt > now,
    );
    if (next) await browser.alarms.create(CALENDAR_DISPATCH_ALARM, { when: next.sendAt });
    else await browser.alarms.clear(CALENDAR_DISPATCH_ALARM);
  }

  /** The dispatch alarm fired, or the worker started: sends what is due, then re-arms. */
  dispatchDue(): Promise<void> {
    return this.#serial(async () => {
      await this.#dispatchDue();
      await this.#plan();
    });
  }

  async #dispatchDue(justSynced = false): Promise<void> {
    const now = this.#deps.now();
    if (!justSynced) await this.#readBeforeSend(now);
    const records = await this.#records();
    const { plans } = await this.#plans();
    const cap = await this.#deps.botsPerDay();
    let sentToday = Object.values(records).filter(
      (record) => record.auto && record.at > now - BOTS_PER_DAY_WINDOW_MS,
    ).length;
    // Missed and capped occurrences are written together at the end: a feed of thousands due at
    // once costs one write, not one per occurrence.
    const settled: DispatchRecord[] = [];
    const missed: DispatchRecord[] = [];
    let capped = 0;
    let botsByMeeting: Map<string, Array<DispatchRecord & { endsAt: number }>> | undefined;
    for (const plan of plans) {
      if (plan.sendAt > now) break;
      // Held: shown with "Send now", sent only by the user.
      if (plan.held) continue;
      const record = records[plan.key];
      if (record && record.state !== 'sending') continue;
      const base = {
        key: plan.key,
        at: now,
        link: plan.occurrence.link.url,
        startsAt: plan.occurrence.startsAt,
        endsAt: plan.occurrence.endsAt,
        title: plan.occurrence.title,
      };
      if (!record) {
        // The same meeting's bot, sent under another start (a feed showed the old time then).
        botsByMeeting ??= this.#botsByMeeting(records);
        const other = botsByMeeting
          .get(meetingOf(plan.occurrence.link))
          ?.find((sent) => overlaps(sent, plan.occurrence));
        if (other?.state === 'sent') settled.push({ ...base, state: 'sent', jobId: other.jobId });
        if (other) continue;
      }
      if (!record && now >= plan.occurrence.endsAt) {
        const byHand = await this.#existingJob(plan.occurrence.link.url, plan.occurrence.startsAt, null);
        if (byHand) {
          settled.push({ ...base, state: 'sent', jobId: byHand.id });
          continue;
        }
        const gone: DispatchRecord = { ...base, state: 'missed' };
        settled.push(gone);
        missed.push(gone);
        continue;
      }
      // An interrupted send ("sending") is settled whatever the cap: it was counted when it began.
      if (!record && sentToday >= cap) {
        settled.push({ ...base, state: 'skipped', capped: true });
        capped += 1;
        continue;
      }
      const result = await this.#send(plan.key, plan.occurrence, plan.spaceId, record, true);
      if (!record && result.auto) sentToday += 1;
    }
    await this.#saveRecords(settled);
    for (const record of missed.slice(0, MISSED_NOTICES_MAX)) {
      await this.#deps.missed(record).catch(() => undefined);
    }
    if (capped > 0 && (await this.firstTime(`bots-per-day:${new Date(now).toISOString().slice(0, 10)}`))) {
      await this.#deps.capReached(cap).catch(() => undefined);
    }
  }

  /**
   * The bots sent (or being sent) by the calendars, by meeting (service and id, whatever the
   * link's form), each with its occurrence's times (a record written before its end was kept is
   * taken to last 30 minutes).
   */
  #botsByMeeting(
    records: Record<string, DispatchRecord>,
  ): Map<string, Array<DispatchRecord & { endsAt: number }>> {
    const byMeeting = new Map<string, Array<DispatchRecord & { endsAt: number }>>();
    for (const record of Object.values(records)) {
      if (record.state !== 'sent' && record.state !== 'sending') continue;
      const link = parseMeetingLink(record.link);
      if (!link) continue;
      const meeting = meetingOf(link);
      const list = byMeeting.get(meeting) ?? [];
      list.push({ ...record, endsAt: record.endsAt ?? record.startsAt + MANUAL_SEND_WINDOW_MS });
      byMeeting.set(meeting, list);
    }
    return byMeeting;
  }

  /**
   * The feeds of the meetings due now are read again (PRESEND_READ_MS says why); what they answer
   * in time replaces the stored occurrences, so a moved meeting is planned anew and a cancelled
   * one is no longer planned.
   */
  async #readBeforeSend(now: number): Promise<void> {
    const records = await this.#records();
    const { plans, calendars } = await this.#plans();
    const due = new Set(
      plans
        .filter(
          (plan) => !plan.held && plan.sendAt <= now && !records[plan.key] && now < plan.occurrence.endsAt,
        )
        .map((plan) => plan.calendarId),
    );
    if (due.size === 0) return;
    const deps: FeedSyncDeps = {
      ...this.#deps,
      caps: { ...(this.#deps.caps ?? FEED_CAPS), fetchMs: PRESEND_READ_MS },
    };
    const read = await Promise.all(
      calendars.map((calendar) =>
        due.has(calendar.id) ? within(syncFeed(calendar, false, deps), PRESEND_READ_MS) : null,
      ),
    );
    let changed = false;
    const updated = calendars.map((calendar, i) => {
      const fresh = read[i];
      if (!fresh || fresh.lastError !== null) return calendar;
      changed = true;
      return fresh;
    });
    if (changed) await this.#saveCalendars(updated);
  }

  /**
   * The bot job that already serves this occurrence: one sent by hand since shortly before the
   * start (not failed), or the job of an attempt whose worker stopped before writing it down (any
   * outcome: a refused bot, code 4 or 5, is not sent again).
   */
  async #existingJob(link: string, startsAt: number, attemptAt: number | null): Promise<Job | null> {
    const since = startsAt - MANUAL_SEND_WINDOW_MS;
    const bots = (await this.#deps.jobs()).filter((job) => job.intent === 'bot' && job.sourceUrl === link);
    return (
      (attemptAt !== null ? bots.find((job) => job.createdAt >= attemptAt) : undefined) ??
      bots.find((job) => job.createdAt >= since && job.phase !== 'failed') ??
      null
    );
  }

  async #send(
    key: string,
    occurrence: MeetingOccurrence,
    spaceId: number | null,
    previous: DispatchRecord | undefined,
    auto = false,
  ): Promise<DispatchRecord> {
    const base = {
      key,
      link: occurrence.link.url,
      startsAt: occurrence.startsAt,
      endsAt: occurrence.endsAt,
      title: occurrence.title,
    };
    // Already sent (by hand, or by an attempt whose worker stopped before writing it down)?
    const attemptAt = previous?.state === 'sending' ? previous.at : null;
    const existing = await this.#existingJob(occurrence.link.url, occurrence.startsAt, attemptAt);
    if (existing) {
      const state = existing.phase === 'failed' ? 'failed' : 'sent';
      const record: DispatchRecord = { ...base, state, at: this.#deps.now(), jobId: existing.id };
      await this.#saveRecord(record);
      return record;
    }
    // The intent first: a stop after this line is settled from the jobs on the next start.
    const counted = auto || previous?.auto ? { auto: true as const } : {};
    await this.#saveRecord({ ...base, ...counted, state: 'sending', at: attemptAt ?? this.#deps.now() });
    try {
      const meeting = parseMeetingLink(occurrence.link.url) ?? occurrence.link;
      const job = await this.#deps.sendBot(meeting, spaceId ?? undefined);
      const record: DispatchRecord = {
        ...base,
        ...counted,
        state: job.phase === 'failed' ? 'failed' : 'sent',
        at: this.#deps.now(),
        jobId: job.id,
      };
      await this.#saveRecord(record);
      return record;
    } catch (error) {
      // Refused before any job existed (not signed in, no access): nothing was sent.
      const record: DispatchRecord = {
        ...base,
        state: 'failed',
        at: this.#deps.now(),
        error: await this.#deps.describeError(error),
      };
      await this.#saveRecord(record);
      await this.#deps.failed(record, error).catch(() => undefined);
      return record;
    }
  }

  /** "Skip this one" (or undo it). */
  skip(key: string, skip: boolean): Promise<null> {
    return this.#serial(async () => {
      const records = await this.#records();
      const record = records[key];
      if (skip && !record) {
        const plan = (await this.#plans()).plans.find((candidate) => candidate.key === key);
        if (plan) {
          await this.#saveRecord({
            key,
            state: 'skipped',
            at: this.#deps.now(),
            link: plan.occurrence.link.url,
            startsAt: plan.occurrence.startsAt,
            title: plan.occurrence.title,
          });
        }
      } else if (!skip && record?.state === 'skipped') {
        delete records[key];
        await this.#deps.kv.set(DISPATCH_KEY, records);
      }
      await this.#plan();
      return null;
    });
  }

  /** "Send now": the occurrence's bot, once (also for a meeting no rule sends: into its calendar's space). */
  sendNow(key: string): Promise<DispatchRecord | null> {
    return this.#serial(async () => {
      const records = await this.#records();
      const record = records[key];
      if (record && record.state !== 'skipped' && record.state !== 'sending') return record;
      const { plans, calendars } = await this.#plans();
      const plan = plans.find((candidate) => candidate.key === key);
      let target: { occurrence: MeetingOccurrence; spaceId: number | null } | null = plan ?? null;
      for (const calendar of calendars) {
        if (target) break;
        const occurrence = calendar.occurrences.find(
          (candidate) => occurrenceKey(candidate.link.url, candidate.startsAt) === key,
        );
        if (occurrence) target = { occurrence, spaceId: calendar.rule.spaceId };
      }
      if (!target) return null;
      const sent = await this.#send(key, target.occurrence, target.spaceId, record);
      await this.#plan();
      return sent;
    });
  }

  /** The upcoming meetings with links: calendars and "Send at start", soonest first (./upcoming.ts). */
  async upcoming(limit = 20): Promise<UpcomingItem[]> {
    const now = this.#deps.now();
    const { plans, calendars, manual } = await this.#plans();
    return upcomingItems({ plans, calendars, manual, records: await this.#records() }, now, limit);
  }

  /** Minutes each space would need for the planned meetings of the next 24 hours. */
  async plannedSeconds(): Promise<Map<number | null, number>> {
    const now = this.#deps.now();
    return plannedSecondsOf(await this.upcoming(200), now);
  }

  /** True the first time a notice with this key is asked for (a balance warning once, not every sync). */
  async firstTime(noticeKey: string): Promise<boolean> {
    const seen = (await this.#deps.kv.get<Record<string, number>>(NOTICES_KEY)) ?? {};
    if (seen[noticeKey] !== undefined) return false;
    const oldest = this.#deps.now() - RECORD_KEEP_MS;
    for (const [key, at] of Object.entries(seen)) if (at < oldest) delete seen[key];
    seen[noticeKey] = this.#deps.now();
    await this.#deps.kv.set(NOTICES_KEY, seen);
    return true;
  }

  /** Whether any calendar is configured (the popup shows the list only then, or with schedules). */
  async any(): Promise<boolean> {
    return (await this.#calendars()).length > 0;
  }

  /**
   * How the calendars see a meeting link now (for the tab rule, lib/calendar/auto-join.ts): the
   * occurrence of it that is on (or about to start), and whether a rule sends it, a bot was sent
   * for it or it was skipped. Null: no calendar holds it now.
   */
  async coverage(link: string): Promise<CalendarCoverage | null> {
    const now = this.#deps.now();
    const calendars = await this.#calendars();
    const occurrence = currentOccurrence(
      calendars.flatMap((calendar) => calendar.occurrences),
      link,
      now,
    );
    if (!occurrence) return null;
    const key = occurrenceKey(occurrence.link.url, occurrence.startsAt);
    const records = await this.#records();
    const record = records[key];
    if (record) return { key, endsAt: occurrence.endsAt, state: record.state };
    // Its plan, or the plan of the same meeting under another start that overlaps it (plan.ts).
    const meeting = meetingOf(occurrence.link);
    const plan = (await this.#plans()).plans.find(
      (one) =>
        !one.held &&
        (one.key === key ||
          (meetingOf(one.occurrence.link) === meeting && overlaps(one.occurrence, occurrence))),
    );
    if (!plan) return { key, endsAt: occurrence.endsAt, state: 'off' };
    return { key: plan.key, endsAt: occurrence.endsAt, state: records[plan.key]?.state ?? 'planned' };
  }

  /**
   * Every occurrence the calendars hold now (read outside the queue: a send in the queue may ask
   * for the event it sends to, lib/calendar/attendees.ts).
   */
  async occurrences(): Promise<MeetingOccurrence[]> {
    return (await this.#calendars()).flatMap((calendar) => calendar.occurrences);
  }

  /** At worker and browser start: settles interrupted sends, serves due ones, re-arms the alarms. */
  reconcile(): Promise<void> {
    return this.dispatchDue();
  }
}

/** What `work` gives within `ms`, or null (the work is left to finish unheard). */
async function within<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
