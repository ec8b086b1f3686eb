import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '@/lib/jobs/types';
import { PAGE_TIMELINE_CHANGED } from '@/lib/messaging';

const tabs = vi.hoisted(() => ({
  query: vi.fn(),
  sendMessage: vi.fn(),
}));
vi.mock('wxt/browser', () => ({ browser: { tabs } }));

const { botJobStarted, tellMeetingPages } = await import('./timeline-notice');

const job = (id: string, over: Partial<Job> = {}): Job =>
  ({
    id,
    intent: 'bot',
    phase: 'requesting',
    spaceId: 1,
    sourceUrl: 'https://meet.google.com/abc-defg-hij',
    createdAt: 0,
    ...over,
  }) as Job;

describe('the meeting pages told when a bot is sent', () => {
  beforeEach(() => {
    tabs.query.mockReset();
    tabs.sendMessage.mockReset();
  });

  it('sees a bot job just sent, or sent again, and nothing else', () => {
    const sent = job('a');
    expect(botJobStarted({}, { a: sent })).toBe(true);
    expect(botJobStarted(null, { a: sent })).toBe(true);
    expect(botJobStarted({ a: job('a', { phase: 'failed' }) }, { a: sent })).toBe(true);
    // Already under way, moving on, or ending: no notice.
    expect(botJobStarted({ a: sent }, { a: job('a', { phase: 'waiting-meeting' }) })).toBe(false);
    expect(botJobStarted({ a: sent }, { a: job('a', { phase: 'failed' }) })).toBe(false);
    expect(botJobStarted({ a: sent }, {})).toBe(false);
    // Not a bot, or no meeting to sample.
    expect(botJobStarted({}, { b: job('b', { intent: 'link' }) })).toBe(false);
    expect(botJobStarted({}, { c: job('c', { sourceUrl: undefined }) })).toBe(false);
    expect(botJobStarted({}, { d: job('d', { phase: 'ready' }) })).toBe(false);
  });

  it('tells every tab, and a tab without the meeting pages’ script refusing it stops nothing', async () => {
    tabs.query.mockResolvedValue([{ id: 1 }, { id: 2 }, {}]);
    tabs.sendMessage.mockImplementation((id: number) =>
      id === 1 ? Promise.reject(new Error('Could not establish connection')) : Promise.resolve(),
    );
    await tellMeetingPages();
    expect(tabs.query).toHaveBeenCalledWith({});
    expect(tabs.sendMessage.mock.calls).toEqual([
      [1, { channel: 'meeting-capture', type: PAGE_TIMELINE_CHANGED }],
      [2, { channel: 'meeting-capture', type: PAGE_TIMELINE_CHANGED }],
    ]);
  });
});
