/** A delivery log line in plain words (components/delivery-texts.ts), in English and Russian. */
import { describe, expect, it } from 'vitest';
import { describeLogEntry } from '@/components/delivery-texts';
import type { LogEntry } from '@/lib/delivery/types';

const line: LogEntry = {
  id: 'l1',
  destinationId: 'd1',
  at: 0,
  recording: { spaceId: 7, spaceName: 'Team', audioId: 42, title: 'Weekly sync' },
  test: false,
  idempotencyKey: 'mc-7-42-job-1',
  attempt: 1,
  outcome: 'sending',
  status: null,
  problem: null,
  nextAttemptAt: null,
};
const time = () => '10:00';

describe('delivery log lines', () => {
  it('an attempt under way says so', () => {
    expect(describeLogEntry(line, 'en', time)).toBe('Sending…');
    expect(describeLogEntry(line, 'ru', time)).toBe('Отправляем…');
  });

  it('an attempt whose answer was lost when the extension stopped says so, and when it is tried again', () => {
    const lost = { ...line, outcome: 'retrying', problem: 'interrupted', nextAttemptAt: 1 } as const;
    expect(describeLogEntry(lost, 'en', time)).toBe(
      'Its answer was not received: the extension stopped during this attempt. Trying again at 10:00.',
    );
    expect(describeLogEntry(lost, 'ru', time)).toBe(
      'Ответ не получен: расширение остановилось во время этой попытки. Повторим в 10:00.',
    );
    const dropped = { ...line, outcome: 'failed', problem: 'interrupted' } as const;
    expect(describeLogEntry(dropped, 'en', time)).toBe(
      'Its answer was not received: the extension stopped during this attempt. Not tried again.',
    );
  });

  it("a bot kind's refusals say what to fix, not only the status", () => {
    const failed = { ...line, outcome: 'failed', status: 401, problem: 'bad-token' } as const;
    expect(describeLogEntry(failed, 'en', time)).toMatch(/^The bot token was refused \(HTTP 401\)/);
    expect(describeLogEntry(failed, 'ru', time)).toMatch(/^Токен бота отклонён \(HTTP 401\)/);
    const chat = { ...line, outcome: 'failed', status: 400, problem: 'chat-not-found' } as const;
    expect(describeLogEntry(chat, 'en', time)).toContain('check the chat ID');
    const blocked = { ...line, outcome: 'failed', status: 403, problem: 'bot-blocked', test: true } as const;
    expect(describeLogEntry(blocked, 'en', time)).toBe(
      'The bot may not write to this chat (HTTP 403): it was blocked, removed, or is not a member.',
    );
    expect(describeLogEntry(blocked, 'ru', time)).toMatch(/^Боту нельзя писать в этот чат/);
    const migrated = { ...line, outcome: 'failed', status: 400, problem: 'chat-migrated' } as const;
    expect(describeLogEntry(migrated, 'en', time)).toMatch(/^The group became a supergroup .* new ID/);
    expect(describeLogEntry(migrated, 'ru', time)).toMatch(/^Группа стала супергруппой/);
  });

  it("the tracker's refusals and odd answers say what to fix; a delivery names the tasks created and adopted", () => {
    const queue = { ...line, outcome: 'failed', status: 404, problem: 'queue-not-found' } as const;
    expect(describeLogEntry(queue, 'en', time)).toMatch(
      /^Tracker knows no such queue .*organization's ID\. Not tried again\.$/,
    );
    expect(describeLogEntry(queue, 'ru', time)).toMatch(/^В этой организации Трекера нет такой очереди/);
    const token = { ...line, outcome: 'failed', status: 401, problem: 'token-refused' } as const;
    expect(describeLogEntry(token, 'en', time)).toMatch(/^Tracker refused the OAuth token/);
    const html = { ...line, outcome: 'retrying', problem: 'unexpected-answer', nextAttemptAt: 1 } as const;
    expect(describeLogEntry(html, 'en', time)).toMatch(/^The answer was not Tracker’s \(an HTML page/);
    const done: LogEntry = {
      ...line,
      outcome: 'delivered',
      status: 201,
      tasks: { created: ['TEAM-2', 'TEAM-3'], adopted: ['TEAM-1'] },
    };
    expect(describeLogEntry(done, 'en', time)).toBe(
      'Delivered (HTTP 201). Tasks created: TEAM-2, TEAM-3. Made before, not created again: TEAM-1.',
    );
    expect(describeLogEntry(done, 'ru', time)).toContain('Созданы задачи: TEAM-2, TEAM-3.');
  });
});
