/**
 * "Send the bot when I open a meeting tab" (options, off by default), wired. The meeting tab's
 * content script only asks "auto-join this tab?" (`page.autoJoin`) and reports Cancel
 * (`page.autoJoinCancel`); the sender is checked like any page message (the top frame of a
 * meeting page, and the meeting is the tab's own). The background decides (lib/calendar/auto-join.ts),
 * keeps the deadline in the extension origin's IndexedDB with an alarm at it, so a worker stop
 * between the countdown and the deadline changes nothing, and sends the bot through the same path
 * as a click (the job engine joins an active bot for the same meeting and space).
 *
 * Where: the entries steer a bot (which meeting gets one), so they live beside the calendars'
 * dispatch records in IndexedDB, out of reach of content scripts, never in `storage.local`.
 */
import { browser } from 'wxt/browser';
import {
  type AutoJoinEntry,
  type CalendarCoverage,
  cancelAutoJoin,
  decideAutoJoin,
  dueEntries,
  liveEntries,
  nextDeadline,
} from '@/lib/calendar/auto-join';
import { AUTO_JOIN_ALARM, AUTO_JOIN_KEY } from '@/lib/calendar/store';
import type { Job } from '@/lib/jobs/types';
import type { KeyValueStore } from '@/lib/kv';
import { type MeetingLink, parseMeetingLink } from '@/lib/meetings';
import { serialQueue } from '@/lib/serial';

export { AUTO_JOIN_ALARM };

/** A bot asked for this recently (and not failed) means the meeting has one already. */
const RECENT_BOT_MS = 30 * 60_000;

/** What a meeting tab is told: only what its countdown shows. */
export type AutoJoinView =
  | { state: 'off' }
  | { state: 'counting'; remainingMs: number }
  | { state: 'cancelled' | 'closed' | 'paused' }
  | { state: 'sending' }
  | { state: 'sent' | 'failed'; job: Job | null; error?: string };

export interface AutoJoinDeps {
  kv: KeyValueStore;
  now: () => number;
  /** The options switch, and whether the controls are hidden on this site (then nothing counts down). */
  enabled: (senderUrl: string) => Promise<boolean>;
  signedIn: () => Promise<boolean>;
  /** The calendars' view of this meeting now. */
  coverage: (link: string) => Promise<CalendarCoverage | null>;
  jobs: () => Promise<Job[]>;
  /** The same path as a click: the default space, the job engine. */
  sendBot: (meeting: MeetingLink, spaceId?: number) => Promise<Job>;
  /** Whether a tab still exists (a closed tab's countdown sends nothing). */
  tabExists: (tabId: number) => Promise<boolean>;
  /** Whether a tab is the active one of its window (a countdown no tab of which is looked at pauses). */
  tabActive: (tabId: number) => Promise<boolean>;
  describeError: (error: unknown) => Promise<string>;
}

export class AutoJoin {
  readonly #deps: AutoJoinDeps;
  /** One change at a time in this worker: a tab's question and the alarm never both send. */
  readonly #serial = serialQueue();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(deps: AutoJoinDeps) {
    this.#deps = deps;
  }

  async #entries(): Promise<AutoJoinEntry[]> {
    return (await this.#deps.kv.get<AutoJoinEntry[]>(AUTO_JOIN_KEY)) ?? [];
  }

  async #save(entries: AutoJoinEntry[]): Promise<void> {
    await this.#deps.kv.set(AUTO_JOIN_KEY, liveEntries(entries, this.#deps.now()).slice(-200));
  }

  async #put(entry: AutoJoinEntry): Promise<void> {
    const entries = (await this.#entries()).filter((other) => other.link !== entry.link);
    await this.#save([...entries, entry]);
  }

  async #botsFor(link: string): Promise<Job[]> {
    return (await this.#deps.jobs()).filter((job) => job.intent === 'bot' && job.sourceUrl === link);
  }

  /**
   * The question of a meeting tab (its own meeting, already checked against the sender's URL);
   * `spaceId`: the space its control shows, where a countdown's bot goes.
   */
  ask(
    meeting: MeetingLink,
    tabId: number,
    senderUrl: string,
    looking: boolean,
    spaceId?: number,
  ): Promise<AutoJoinView> {
    return this.#serial(async () => {
      const now = this.#deps.now();
      const link = meeting.url;
      const entry = (await this.#entries()).find((other) => other.link === link);
      const enabled = (await this.#deps.enabled(senderUrl)) && (await this.#deps.signedIn());
      const since = now - RECENT_BOT_MS;
      const decision = decideAutoJoin({
        now,
        enabled,
        link,
        tabId,
        entry,
        coverage: entry ? null : await this.#deps.coverage(link),
        recentBot: (await this.#botsFor(link)).some(
          (job) => job.createdAt >= since && job.phase !== 'failed',
        ),
        looking,
      });
      await this.#leaveOtherMeetings(link, tabId);
      if (decision.action === 'none') return { state: 'off' };
      if (decision.action === 'leave') {
        await this.#put(decision.entry);
        await this.#arm();
        return decision.entry.state === 'paused' ? { state: 'paused' } : { state: 'off' };
      }
      let current = decision.entry;
      if (spaceId !== undefined && current.state === 'counting' && current.spaceId !== spaceId)
        current = { ...current, spaceId };
      if (decision.action === 'start' || current !== entry) await this.#put(current);
      if (current.state === 'counting' && current.deadline <= now) {
        await this.#fireDue();
        current = (await this.#entries()).find((other) => other.link === link) ?? current;
      } else if (decision.action === 'start') {
        await this.#arm();
      }
      return this.#view(current);
    });
  }

  /** "Cancel" on the page: the countdown of this meeting stops for every tab of it. */
  cancel(meeting: MeetingLink): Promise<AutoJoinView> {
    return this.#serial(async () => {
      const entry = (await this.#entries()).find((other) => other.link === meeting.url);
      const next = cancelAutoJoin(entry, this.#deps.now());
      if (!next) return { state: 'off' };
      if (next !== entry) {
        await this.#put(next);
        await this.#arm();
      }
      return this.#view(next);
    });
  }

  /** The alarm fired, or the worker started: sends what is due, settles an interrupted send. */
  fireDue(): Promise<void> {
    return this.#serial(() => this.#fireDue());
  }

  /**
   * A tab that now shows another meeting (a page that changes meetings without reloading) no
   * longer counts for the countdowns it showed; one left without tabs sends nothing.
   */
  async #leaveOtherMeetings(link: string, tabId: number): Promise<void> {
    const entries = await this.#entries();
    let changed = false;
    const next = entries.map((entry) => {
      if (entry.link === link || entry.state !== 'counting' || !entry.tabIds.includes(tabId)) return entry;
      changed = true;
      const tabIds = entry.tabIds.filter((id) => id !== tabId);
      return tabIds.length > 0
        ? { ...entry, tabIds }
        : { ...entry, tabIds, state: 'closed' as const, at: this.#deps.now() };
    });
    if (changed) {
      await this.#save(next);
      await this.#arm();
    }
  }

  async #view(entry: AutoJoinEntry): Promise<AutoJoinView> {
    switch (entry.state) {
      case 'counting':
        return { state: 'counting', remainingMs: Math.max(0, entry.deadline - this.#deps.now()) };
      case 'cancelled':
      case 'closed': {
        // Cancelled because the person pressed "Send bot" instead: that bot is this meeting's.
        const byHand = (await this.#botsFor(entry.link)).find(
          (job) => job.createdAt >= entry.startedAt && job.phase !== 'failed',
        );
        return byHand ? { state: 'sent', job: byHand } : { state: entry.state };
      }
      case 'sending':
      case 'paused':
        return { state: entry.state };
      default: {
        const job = entry.jobId
          ? ((await this.#deps.jobs()).find((other) => other.id === entry.jobId) ?? null)
          : null;
        return { state: entry.state, job, ...(entry.error ? { error: entry.error } : {}) };
      }
    }
  }

  async #fireDue(): Promise<void> {
    const now = this.#deps.now();
    const entries = await this.#entries();
    // A send whose worker stopped before it was written down: settled from the jobs the engine
    // persisted before its own call; with none, the request never left and is made now.
    const interrupted = entries.filter((entry) => entry.state === 'sending');
    for (const entry of [...interrupted, ...dueEntries(entries, now)]) await this.#send(entry);
    await this.#arm();
  }

  async #send(entry: AutoJoinEntry): Promise<void> {
    const settle = (changes: Partial<AutoJoinEntry>) =>
      this.#put({ ...entry, ...changes, at: this.#deps.now() });
    // A bot for this meeting since the countdown began (the "Send bot" button, a calendar): that one.
    const existing = (await this.#botsFor(entry.link)).find((job) => job.createdAt >= entry.startedAt);
    if (existing) {
      await settle({ state: existing.phase === 'failed' ? 'failed' : 'sent', jobId: existing.id });
      return;
    }
    if (entry.state === 'counting') {
      const open = await Promise.all(entry.tabIds.map((id) => this.#deps.tabExists(id).catch(() => false)));
      if (!open.some(Boolean)) {
        await settle({ state: 'closed' });
        return;
      }
      // Nobody is looking at any of its tabs (they went to the background): nothing is sent.
      const active = await Promise.all(entry.tabIds.map((id) => this.#deps.tabActive(id).catch(() => false)));
      if (!active.some(Boolean)) {
        await settle({ state: 'paused' });
        return;
      }
    }
    const meeting = parseMeetingLink(entry.link);
    if (!meeting) {
      await settle({ state: 'failed', error: 'not a meeting link' });
      return;
    }
    // The intent first: a stop after this line is settled from the jobs on the next start.
    await settle({ state: 'sending' });
    try {
      const job = await this.#deps.sendBot(meeting, entry.spaceId);
      await settle({ state: job.phase === 'failed' ? 'failed' : 'sent', jobId: job.id });
    } catch (error) {
      // Refused before any job existed (signed out, no access): nothing was sent.
      await settle({ state: 'failed', error: await this.#deps.describeError(error) });
    }
  }

  /** An alarm at the next deadline (survives a worker stop), and a timer while this worker lives. */
  async #arm(): Promise<void> {
    const next = nextDeadline(await this.#entries());
    clearTimeout(this.#timer);
    if (next === null) {
      await browser.alarms.clear(AUTO_JOIN_ALARM);
      return;
    }
    await browser.alarms.create(AUTO_JOIN_ALARM, { when: Math.max(next, this.#deps.now() + 1000) });
    this.#timer = setTimeout(
      () => void this.fireDue().catch(() => undefined),
      Math.max(0, next - this.#deps.now()),
    );
  }
}
