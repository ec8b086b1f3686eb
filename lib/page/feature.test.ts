// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FeatureContext,
  featuresFor,
  type PageFeature,
  runFeatures,
  shouldRun,
  visitTimeout,
} from '@/lib/page/feature';

/**
 * A content script context that tests drive: location changes and invalidation on demand. `page`
 * is the tab as `runFeatures` reads it: the address it shows and its Navigation API.
 */
function fakeContext() {
  const controller = new AbortController();
  const locationHandlers: Array<(event: { newUrl: URL }) => void> = [];
  const navigation = new EventTarget();
  let shownUrl = 'about:blank';
  const page = { url: () => shownUrl, navigation };
  const ctx = {
    signal: controller.signal,
    get isInvalid() {
      return controller.signal.aborted;
    },
    onInvalidated(callback: () => void) {
      controller.signal.addEventListener('abort', callback);
      return () => controller.signal.removeEventListener('abort', callback);
    },
    addEventListener(_target: unknown, type: string, handler: (event: { newUrl: URL }) => void) {
      if (type === 'wxt:locationchange') locationHandlers.push(handler);
    },
    setTimeout(handler: () => void, ms: number) {
      return setTimeout(() => {
        if (!controller.signal.aborted) handler();
      }, ms);
    },
  };
  const announce = (url: string) => {
    for (const handler of locationHandlers) handler({ newUrl: new URL(url) });
  };
  return {
    ctx: ctx as unknown as FeatureContext,
    page,
    /** The first page of a test. */
    open: (url: string) => {
      shownUrl = url;
    },
    /** A navigation seen after it committed (WXT's polling, without the Navigation API). */
    navigate: (url: string) => {
      shownUrl = url;
      announce(url);
    },
    /** The Navigation API's `navigate` event: the navigation starts, the tab still shows the old address. */
    announce,
    /** The Navigation API: the navigation committed. */
    commit: (url: string) => {
      shownUrl = url;
      navigation.dispatchEvent(new Event('currententrychange'));
    },
    invalidate: () => controller.abort(),
  };
}

const onPath = (path: string) => (url: URL) => url.pathname.startsWith(path);

function recorder(id: string, include: PageFeature['include'], exclude?: PageFeature['exclude']) {
  const visits: Array<{ url: string; signal: AbortSignal }> = [];
  const feature: PageFeature = {
    id,
    include,
    exclude,
    init(signal, visit) {
      visits.push({ url: visit.url.href, signal });
    },
  };
  return { feature, visits };
}

describe('feature conditions', () => {
  it('run when any include accepts and no exclude does', () => {
    const feature = {
      include: [onPath('/watch'), onPath('/shorts')],
      exclude: [(url: URL) => url.hash === '#x'],
    };
    expect(shouldRun(feature, new URL('https://a.test/watch'))).toBe(true);
    expect(shouldRun(feature, new URL('https://a.test/shorts/1'))).toBe(true);
    expect(shouldRun(feature, new URL('https://a.test/watch#x'))).toBe(false);
    expect(shouldRun(feature, new URL('https://a.test/'))).toBe(false);
  });

  it('treat a throwing condition as not accepting', () => {
    const boom = () => {
      throw new Error('boom');
    };
    expect(shouldRun({ include: [boom] }, new URL('https://a.test/'))).toBe(false);
    expect(shouldRun({ include: [() => true], exclude: [boom] }, new URL('https://a.test/'))).toBe(true);
  });

  it('select the registry’s features in order', () => {
    const a = recorder('a', [onPath('/')]).feature;
    const b = recorder('b', [onPath('/b')]).feature;
    expect(featuresFor([a, b], new URL('https://a.test/b')).map((f) => f.id)).toEqual(['a', 'b']);
    expect(featuresFor([a, b], new URL('https://a.test/c')).map((f) => f.id)).toEqual(['a']);
  });
});

describe('runFeatures', () => {
  it('runs on the first page, without waiting for a location change', () => {
    const { ctx, page, open } = fakeContext();
    const watch = recorder('watch', [onPath('/watch')]);
    open('https://a.test/watch?v=1');
    runFeatures(ctx, [watch.feature], page.url, page.navigation);
    expect(watch.visits.map((visit) => [visit.url, visit.signal.aborted])).toEqual([
      ['https://a.test/watch?v=1', false],
    ]);
  });

  it('gives each visit its own signal: navigation aborts it and the conditions run again', () => {
    const { ctx, page, open, navigate } = fakeContext();
    const watch = recorder('watch', [onPath('/watch')]);
    open('https://a.test/watch?v=1');
    runFeatures(ctx, [watch.feature], page.url, page.navigation);
    navigate('https://a.test/watch?v=2');
    navigate('https://a.test/results');
    expect(watch.visits.map((visit) => [visit.url, visit.signal.aborted])).toEqual([
      ['https://a.test/watch?v=1', true],
      ['https://a.test/watch?v=2', true],
    ]);
    navigate('https://a.test/watch?v=3');
    expect(watch.visits.at(-1)).toMatchObject({ url: 'https://a.test/watch?v=3' });
    expect(watch.visits.at(-1)?.signal.aborted).toBe(false);
  });

  it('follows a navigation when it commits, not when it starts', () => {
    const { ctx, page, open, announce, commit } = fakeContext();
    const meeting = recorder('meeting', [onPath('/m/')]);
    open('https://a.test/m/1');
    runFeatures(ctx, [meeting.feature], page.url, page.navigation);
    // The Navigation API announces it before the tab shows the new address.
    announce('https://a.test/m/2');
    expect(meeting.visits.map((visit) => [visit.url, visit.signal.aborted])).toEqual([
      ['https://a.test/m/1', false],
    ]);
    commit('https://a.test/m/2');
    expect(meeting.visits.map((visit) => [visit.url, visit.signal.aborted])).toEqual([
      ['https://a.test/m/1', true],
      ['https://a.test/m/2', false],
    ]);
    // Both signals for one navigation start one visit.
    announce('https://a.test/m/3');
    commit('https://a.test/m/3');
    commit('https://a.test/m/3');
    expect(meeting.visits.map((visit) => visit.url)).toEqual([
      'https://a.test/m/1',
      'https://a.test/m/2',
      'https://a.test/m/3',
    ]);
  });

  it('keeps the visit of the page shown when a navigation is cancelled or still loading', () => {
    const { ctx, page, open, announce } = fakeContext();
    const meeting = recorder('meeting', [onPath('/m/')]);
    open('https://a.test/m/1');
    runFeatures(ctx, [meeting.feature], page.url, page.navigation);
    announce('https://a.test/m/2');
    announce('https://a.test/home');
    expect(meeting.visits.map((visit) => [visit.url, visit.signal.aborted])).toEqual([
      ['https://a.test/m/1', false],
    ]);
  });

  it('ends the visit when the context is invalidated, and starts no other', () => {
    const { ctx, page, open, navigate, invalidate } = fakeContext();
    const all = recorder('all', [() => true]);
    open('https://a.test/');
    runFeatures(ctx, [all.feature], page.url, page.navigation);
    invalidate();
    expect(all.visits[0]?.signal.aborted).toBe(true);
    navigate('https://a.test/next');
    expect(all.visits).toHaveLength(1);
  });

  it('keeps the other features running when one throws', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { ctx, page, open } = fakeContext();
    const after = recorder('after', [() => true]);
    const broken: PageFeature = {
      id: 'broken',
      include: [() => true],
      init() {
        throw new Error('host changed its DOM');
      },
    };
    const rejecting: PageFeature = {
      id: 'rejecting',
      include: [() => true],
      init: () => Promise.reject(new Error('x')),
    };
    open('https://a.test/');
    runFeatures(ctx, [broken, rejecting, after.feature], page.url, page.navigation);
    await Promise.resolve();
    expect(after.visits).toHaveLength(1);
    expect(errors).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });
});

describe('visitTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires during the visit and never after it', () => {
    const { ctx } = fakeContext();
    const visit = { url: new URL('https://a.test/'), ctx } as unknown as Parameters<typeof visitTimeout>[0];
    const live = new AbortController();
    const ended = new AbortController();
    const fired: string[] = [];
    visitTimeout(visit, live.signal, () => fired.push('live'), 100);
    visitTimeout(visit, ended.signal, () => fired.push('ended'), 100);
    ended.abort();
    vi.advanceTimersByTime(100);
    expect(fired).toEqual(['live']);
  });
});
