/**
 * Bots scheduled for a calendar event's start. Persisted with one alarm each; alarms are
 * re-created whenever the worker starts and at browser start (Chrome may drop alarms on restart).
 * At the start time the bot is sent like any other: a job and a notification.
 */
import { browser } from 'wxt/browser';
import { serialQueue } from '@/lib/serial';
import { schedulesItem } from '@/lib/storage';
import type { ScheduledBot } from './types';

export const SCHEDULE_ALARM_PREFIX = 'bot-schedule:';
/**
 * A start missed while the browser was not running is still served within this much (the meeting
 * is probably still on); later the schedule is dropped with a notification.
 */
export const MISSED_START_LIMIT_MS = 60 * 60_000;

export interface ScheduleDeps {
  now: () => number;
  /** Sends the bot (creates its job and notifies). */
  dispatch: (bot: ScheduledBot) => Promise<void>;
  /** Tells the user a start was missed. */
  missed: (bot: ScheduledBot) => Promise<void>;
}

export class Schedules {
  readonly #deps: ScheduleDeps;
  readonly #serial = serialQueue();

  constructor(deps: ScheduleDeps) {
    this.#deps = deps;
  }

  list(): Promise<ScheduledBot[]> {
    return schedulesItem.getValue();
  }

  add(bot: ScheduledBot): Promise<ScheduledBot> {
    return this.#serial(async () => {
      const all = (await schedulesItem.getValue()).filter(
        (other) =>
          !(other.link === bot.link && other.startsAt === bot.startsAt && other.spaceId === bot.spaceId),
      );
      await schedulesItem.setValue([...all, bot].sort((a, b) => a.startsAt - b.startsAt));
      await browser.alarms.create(SCHEDULE_ALARM_PREFIX + bot.id, {
        when: Math.max(bot.startsAt, this.#deps.now()),
      });
      return bot;
    });
  }

  cancel(id: string): Promise<ScheduledBot | null> {
    return this.#serial(async () => {
      const all = await schedulesItem.getValue();
      const found = all.find((bot) => bot.id === id) ?? null;
      if (found) await schedulesItem.setValue(all.filter((bot) => bot.id !== id));
      await browser.alarms.clear(SCHEDULE_ALARM_PREFIX + id);
      return found;
    });
  }

  /** An alarm fired: sends the bot if it is still scheduled. */
  async fire(alarmName: string): Promise<void> {
    if (!alarmName.startsWith(SCHEDULE_ALARM_PREFIX)) return;
    const id = alarmName.slice(SCHEDULE_ALARM_PREFIX.length);
    const bot = (await this.list()).find((candidate) => candidate.id === id);
    if (!bot) return;
    // The job is created first, then the schedule removed: a worker dying in between re-sends on
    // its next start, and the engine joins an active bot job for the same link instead of sending twice.
    await this.#deps.dispatch(bot);
    await this.cancel(id);
  }

  /** At worker and browser start: serves starts that passed, re-creates missing alarms. */
  async reconcile(): Promise<void> {
    const now = this.#deps.now();
    const alarms = new Set((await browser.alarms.getAll()).map((alarm) => alarm.name));
    for (const bot of await this.list()) {
      if (bot.startsAt <= now) {
        if (now - bot.startsAt <= MISSED_START_LIMIT_MS) await this.fire(SCHEDULE_ALARM_PREFIX + bot.id);
        else {
          await this.#deps.missed(bot);
          await this.cancel(bot.id);
        }
      } else if (!alarms.has(SCHEDULE_ALARM_PREFIX + bot.id)) {
        await browser.alarms.create(SCHEDULE_ALARM_PREFIX + bot.id, { when: bot.startsAt });
      }
    }
  }
}
