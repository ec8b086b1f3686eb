import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { memoryKeyValue } from '@/lib/kv';
import { DEFAULT_SERVICE_URL, schedulesItem, serviceUrlItem, trustedDeliveryKv } from '@/lib/storage';
import {
  migrateFromStorageLocal,
  restrictStorageToTrustedContexts,
  useTrustedStore,
} from '@/lib/trusted-settings';

describe('storage: service URL', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    useTrustedStore(memoryKeyValue());
  });

  it('falls back to the URL baked into the build', async () => {
    expect(await serviceUrlItem.getValue()).toBe(DEFAULT_SERVICE_URL);
    expect(DEFAULT_SERVICE_URL).toMatch(/^https?:\/\/[^/]+$/);
  });

  it('persists a chosen URL with the trusted settings, never in storage.local', async () => {
    await serviceUrlItem.setValue('https://service.example.org');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    expect(await serviceUrlItem.getValue()).toBe('https://service.example.org');
  });
});

describe('storage: the deliveries’ store', () => {
  it('writes several values under delivery.<key> in one write to the trusted settings, never in storage.local', async () => {
    fakeBrowser.reset();
    const kv = memoryKeyValue();
    const written: Array<[string, unknown][]> = [];
    useTrustedStore({
      ...kv,
      setMany: async (entries) => {
        written.push(entries);
        await kv.setMany(entries);
      },
    });
    await trustedDeliveryKv.setMany([
      ['outbox', { entries: [] }],
      ['log', [{ id: 'l1' }]],
    ]);
    expect(written.filter((entries) => entries.some(([key]) => key.startsWith('delivery.')))).toEqual([
      [
        ['delivery.outbox', { entries: [] }],
        ['delivery.log', [{ id: 'l1' }]],
      ],
    ]);
    expect(await trustedDeliveryKv.get('log')).toEqual([{ id: 'l1' }]);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });
});

describe('trusted settings: the one-time move from storage.local', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('loads the old items, removes them from storage.local, and later writes there are ignored', async () => {
    const bot = {
      id: 'b1',
      link: 'https://zoom.us/j/1234567890',
      meetingService: 'zoom',
      startsAt: 1_800_000_000_000,
      spaceId: 2,
    };
    // What a previous version left behind (WXT's versioned items keep a `<key>$` meta entry).
    await fakeBrowser.storage.local.set({
      serviceUrl: 'https://service.example.org',
      serviceUrl$: { v: 1 },
      storageOrigins: ['https://storage.example.org'],
      scheduledBots: [bot],
      settings: { language: 'ru' },
    });
    const kv = memoryKeyValue();
    useTrustedStore(kv);
    expect(await serviceUrlItem.getValue()).toBe('https://service.example.org');
    expect(await schedulesItem.getValue()).toEqual([bot]);
    expect(await kv.get('storageOrigins')).toEqual(['https://storage.example.org']);
    // Ordinary settings stay where they were.
    expect(await fakeBrowser.storage.local.get(null)).toEqual({ settings: { language: 'ru' } });

    await fakeBrowser.storage.local.set({ serviceUrl: 'http://127.0.0.1:9' });
    await migrateFromStorageLocal(kv);
    expect(await serviceUrlItem.getValue()).toBe('https://service.example.org');
  });

  it('a value already moved wins over a leftover one', async () => {
    const kv = memoryKeyValue();
    await kv.set('serviceUrl', 'https://new.example.org');
    await fakeBrowser.storage.local.set({ serviceUrl: 'https://old.example.org' });
    useTrustedStore(kv);
    expect(await serviceUrlItem.getValue()).toBe('https://new.example.org');
    expect(await fakeBrowser.storage.local.get('serviceUrl')).toEqual({});
  });

  it('closes storage.local to content scripts where the browser can (Chrome), and is quiet elsewhere', async () => {
    const calls: unknown[] = [];
    const local = fakeBrowser.storage.local as unknown as {
      setAccessLevel?: (options: unknown) => Promise<void>;
    };
    await expect(restrictStorageToTrustedContexts()).resolves.toBeUndefined();
    local.setAccessLevel = async (options) => {
      calls.push(options);
    };
    try {
      await restrictStorageToTrustedContexts();
    } finally {
      delete local.setAccessLevel;
    }
    expect(calls).toEqual([{ accessLevel: 'TRUSTED_CONTEXTS' }]);
  });
});
