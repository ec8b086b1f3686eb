/**
 * Every persisted item of lib/storage.ts is versioned, and a version bump walks the data an older
 * version wrote forward. The items are defined (and migrate) when lib/storage.ts loads; here the
 * data of the previous version is written first and the item's own `migrate()` run again, which is
 * what happens when an updated extension starts on a profile the previous version wrote.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as persisted from '@/lib/storage';
import { DEFAULT_SETTINGS, getSettings, settingsItem } from '@/lib/storage';

describe('storage items: declared once, versioned', () => {
  it('every item of storage.local and storage.session is declared in lib/storage.ts', () => {
    const items = Object.entries(persisted).filter(
      ([, value]) => typeof value === 'object' && value !== null && 'getMeta' in value && 'migrate' in value,
    );
    expect(items.map(([name]) => name).sort()).toEqual([
      'archiveImportItem',
      'calendarsReadThisRunItem',
      'chargeLogItem',
      'jobsItem',
      'pageBreakagesItem',
      'popupCacheItem',
      'recordingConsentItem',
      'sessionChangedItem',
      'sessionEndedItem',
      'sessionNoticesItem',
      'settingsItem',
    ]);
    const elsewhere: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && path !== join('lib', 'storage.ts')) {
          if (/storage\.defineItem\s*[<(]/.test(readFileSync(path, 'utf8'))) elsewhere.push(path);
        }
      }
    };
    for (const dir of ['lib', 'components', 'entrypoints']) walk(dir);
    expect(elsewhere).toEqual([]);
    // Each declaration up to the next one: its options name a version.
    const declarations = readFileSync(join('lib', 'storage.ts'), 'utf8').split('storage.defineItem').slice(1);
    expect(declarations).toHaveLength(items.length);
    for (const declaration of declarations) expect(declaration).toMatch(/^[^;]*version: [1-9]/);
  });
});

describe('settings v1 → v2: every field present', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('fills the fields a v1 value lacked and keeps what the person chose', async () => {
    // What version 1 wrote: only the fields that existed or were changed, and its version mark.
    await fakeBrowser.storage.local.set({
      settings: { notifyReady: false, language: 'ru', hiddenOnSites: ['meet.google.com'] },
      settings$: { v: 1 },
    });
    await settingsItem.migrate();
    expect(await fakeBrowser.storage.local.get(['settings', 'settings$'])).toEqual({
      settings: {
        ...DEFAULT_SETTINGS,
        notifyReady: false,
        language: 'ru',
        hiddenOnSites: ['meet.google.com'],
      },
      settings$: { v: 2 },
    });
    expect(await settingsItem.getValue()).toEqual(await getSettings());
  });

  it('a value written before items carried a version mark counts as v1', async () => {
    await fakeBrowser.storage.local.set({ settings: { autoProcess: false } });
    await settingsItem.migrate();
    expect(await settingsItem.getValue()).toEqual({ ...DEFAULT_SETTINGS, autoProcess: false });
    expect(await settingsItem.getMeta()).toEqual({ v: 2 });
  });

  it('nothing stored: nothing written, the defaults are read', async () => {
    await settingsItem.migrate();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    expect(await settingsItem.getValue()).toEqual(DEFAULT_SETTINGS);
  });

  it('a value already at v2 is left as it is', async () => {
    const current = { ...DEFAULT_SETTINGS, defaultSpaceId: 3 };
    await fakeBrowser.storage.local.set({ settings: current, settings$: { v: 2 } });
    await settingsItem.migrate();
    expect(await settingsItem.getValue()).toEqual(current);
  });
});
