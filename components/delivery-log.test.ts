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
});
