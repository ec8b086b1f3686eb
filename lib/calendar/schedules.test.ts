import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ScheduledBot } from '../messaging';
import { schedulesItem } from '../storage';
import { MISSED_START_LIMIT_MS, SCHEDULE_ALARM_PREFIX, Schedules } from './schedules';

const NOW = Date.UTC(2030, 0, 1, 9);

function bot(id: string, startsAt: number): ScheduledBot {
  return {
    id,
    link: 'https://zoom.us/j/1234567890',
    meetingService: 'zoom',
    startsAt,
    spaceId: 1,
    title: id,
  };
}

describe('scheduled bots', () => {
  let now: number;
  let dispatched: string[];
  let missed: string[];
  let schedules: Schedules;

  beforeEach(() => {
    fakeBrowser.reset();
    now = NOW;
    dispatched = [];
    missed = [];
    schedules = new Schedules({
      now: () => now,
      dispatch: async (b) => {
        dispatched.push(b.id);
      },
      missed: async (b) => {
        missed.push(b.id);
      },
    });
  });

  const alarmNames = async () => (await fakeBrowser.alarms.getAll()).map((alarm) => alarm.name).sort();

  it('a schedule is persisted with an alarm at its start', async () => {
    await schedules.add(bot('a', NOW + 3_600_000));
    expect(await schedulesItem.getValue()).toHaveLength(1);
    expect(await fakeBrowser.alarms.getAll()).toEqual([
      expect.objectContaining({ name: `${SCHEDULE_ALARM_PREFIX}a`, scheduledTime: NOW + 3_600_000 }),
    ]);
  });

  it('the alarm sends the bot once and removes the schedule', async () => {
    await schedules.add(bot('a', NOW + 1_000));
    now += 1_000;
    await schedules.fire(`${SCHEDULE_ALARM_PREFIX}a`);
    await schedules.fire(`${SCHEDULE_ALARM_PREFIX}a`);
    expect(dispatched).toEqual(['a']);
    expect(await schedulesItem.getValue()).toEqual([]);
    expect(await alarmNames()).toEqual([]);
  });

  it('at worker start: lost alarms are re-created, a start just missed is served, an old one is dropped', async () => {
    await schedulesItem.setValue([
      bot('future', NOW + 3_600_000),
      bot('just-missed', NOW - 10 * 60_000),
      bot('long-missed', NOW - MISSED_START_LIMIT_MS - 60_000),
    ]);
    await schedules.reconcile();
    expect(dispatched).toEqual(['just-missed']);
    expect(missed).toEqual(['long-missed']);
    expect((await schedulesItem.getValue()).map((b) => b.id)).toEqual(['future']);
    expect(await alarmNames()).toEqual([`${SCHEDULE_ALARM_PREFIX}future`]);
  });

  it('cancel removes the schedule and its alarm', async () => {
    await schedules.add(bot('a', NOW + 3_600_000));
    expect(await schedules.cancel('a')).toMatchObject({ id: 'a' });
    expect(await schedules.cancel('a')).toBeNull();
    expect(await alarmNames()).toEqual([]);
  });
});
