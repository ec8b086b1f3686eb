// Writes lib/calendar/cldr/windows-zones.json from the vendored CLDR windowsZones.xml beside it
// (lib/calendar/cldr/README.md). Run after replacing the XML with a newer CLDR release:
// `npm run zones:windows`. lib/calendar/cldr/windows-zones.test.ts fails when the two differ.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readWindowsZones } from '../lib/calendar/cldr/read-windows-zones';

const dir = path.join(import.meta.dirname, '../lib/calendar/cldr');
const table = readWindowsZones(readFileSync(path.join(dir, 'windowsZones.xml'), 'utf8'));
writeFileSync(path.join(dir, 'windows-zones.json'), `${JSON.stringify(table, null, 1)}\n`);
console.log(`${Object.keys(table.ids).length} ids, ${Object.keys(table.names).length} display names`);
