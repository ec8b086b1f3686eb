import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWindowsZones, zoneKey } from './read-windows-zones';
import table from './windows-zones.json';

describe('the Windows zones table is CLDR’s, never edited by hand', () => {
  const xml = readFileSync(path.join(import.meta.dirname, 'windowsZones.xml'), 'utf8');

  it('windows-zones.json is what `npm run zones:windows` writes from the vendored windowsZones.xml', () => {
    expect(table).toEqual(readWindowsZones(xml));
  });

  it('reads the ids and display names of the main territory', () => {
    const { ids, names } = readWindowsZones(xml);
    expect(Object.keys(ids).length).toBeGreaterThan(130);
    expect(ids[zoneKey('W. Europe Standard Time')]).toBe('Europe/Berlin');
    expect(names[zoneKey('(UTC-05:00) Eastern Time (US & Canada)')]).toBe('America/New_York');
    expect(names[zoneKey('(GMT-05:00) Eastern Time (US and Canada)')]).toBe('America/New_York');
    expect(names[zoneKey('(UTC+01:00) Amsterdam\\, Berlin\\, Bern\\, Rome\\, Stockholm\\, Vienna')]).toBe(
      'Europe/Berlin',
    );
  });
});
