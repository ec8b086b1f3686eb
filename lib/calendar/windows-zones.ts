/**
 * Windows time zone ids and display names → IANA zones, for feeds that name their zones as Outlook
 * and Exchange do (`TZID:W. Europe Standard Time`, `(UTC-05:00) Eastern Time (US & Canada)`)
 * without a VTIMEZONE, or with one whose rules cover only some years. The table is CLDR's
 * (./cldr/README.md: the vendored windowsZones.xml and the JSON written from it).
 */
import { zoneKey } from './cldr/read-windows-zones';
import table from './cldr/windows-zones.json';

const ids: Record<string, string> = table.ids;
const names: Record<string, string> = table.names;

/** The IANA zone a Windows zone id or display name means; null when CLDR's table knows neither. */
export function windowsZone(name: string): string | null {
  const key = zoneKey(name);
  return ids[key] ?? names[key] ?? null;
}
