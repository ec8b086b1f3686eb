import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SERVICE_URL, serviceUrlItem } from '@/lib/storage';

describe('storage: service URL', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('falls back to the URL baked into the build', async () => {
    expect(await serviceUrlItem.getValue()).toBe(DEFAULT_SERVICE_URL);
    expect(DEFAULT_SERVICE_URL).toMatch(/^https?:\/\/[^/]+$/);
  });

  it('persists a chosen URL in local storage under its declared key', async () => {
    await serviceUrlItem.setValue('https://service.example.org');
    expect(await fakeBrowser.storage.local.get('serviceUrl')).toEqual({
      serviceUrl: 'https://service.example.org',
    });
    expect(await serviceUrlItem.getValue()).toBe('https://service.example.org');
  });
});
