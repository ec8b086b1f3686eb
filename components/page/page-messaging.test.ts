import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_CONTEXT_CHANGED, PAGE_TIMELINE_CHANGED } from '@/lib/messaging';

type Listener = (message: unknown, sender?: { id?: string }) => void;
const runtime = vi.hoisted(() => {
  const listeners = new Set<(message: unknown, sender?: { id?: string }) => void>();
  return {
    id: 'own-extension',
    listeners,
    onMessage: {
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
    },
  };
});
vi.mock('wxt/browser', () => ({ browser: { runtime } }));

const { onContextChanged, onTimelineChanged } = await import('./page-messaging');

const say = (message: unknown, sender: { id?: string } = { id: 'own-extension' }) => {
  for (const listener of runtime.listeners) listener(message, sender);
};

describe('what the background tells a page', () => {
  beforeEach(() => runtime.listeners.clear());

  it('hears a bot sent only from this extension, on its channel, until the visit ends', () => {
    const visit = new AbortController();
    const heard = vi.fn();
    onTimelineChanged(visit.signal, heard);
    say({ channel: 'meeting-capture', type: PAGE_TIMELINE_CHANGED });
    expect(heard).toHaveBeenCalledTimes(1);
    say({ channel: 'meeting-capture', type: PAGE_TIMELINE_CHANGED }, { id: 'another-extension' });
    say({ channel: 'meeting-capture', type: PAGE_TIMELINE_CHANGED }, {});
    say({ channel: 'other', type: PAGE_TIMELINE_CHANGED });
    say({ channel: 'meeting-capture', type: PAGE_CONTEXT_CHANGED });
    say(null);
    say('page.timelineChanged');
    expect(heard).toHaveBeenCalledTimes(1);
    visit.abort();
    say({ channel: 'meeting-capture', type: PAGE_TIMELINE_CHANGED });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(runtime.listeners.size).toBe(0);
  });

  it('hears a changed context apart from a bot sent', () => {
    const visit = new AbortController();
    const heard = vi.fn();
    onContextChanged(visit.signal, heard);
    say({ channel: 'meeting-capture', type: PAGE_TIMELINE_CHANGED });
    expect(heard).not.toHaveBeenCalled();
    say({ channel: 'meeting-capture', type: PAGE_CONTEXT_CHANGED });
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
