/**
 * Reads CLDR's windowsZones.xml (vendored beside this file, ./README.md names its source and
 * licence) into the two lookups the feed engine needs: a Windows zone id ("W. Europe Standard
 * Time") and a Windows display name ("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm,
 * Vienna", the comment CLDR writes above each id's rows) → the IANA zone of the id's main territory
 * ("001" row). `npm run zones:windows` writes ./windows-zones.json from it; a unit test holds the
 * two equal, so the table is never edited by hand.
 */
export interface WindowsZones {
  /** Windows id, keyed by `zoneKey`, → IANA zone. */
  ids: Record<string, string>;
  /** Display name without its offset, keyed by `zoneKey`, → IANA zone (names shared by two ids are left out). */
  names: Record<string, string>;
}

/**
 * One key for the ways producers write a name: case, spacing, `&` or `and`, escaped commas, and a
 * display name's offset prefix ("(UTC-05:00) ", "(GMT-05:00) ", "(UTC) ") left out.
 */
export function zoneKey(name: string): string {
  return name
    .replace(/\\([,;\\])/g, '$1')
    .replace(/^\s*\((?:UTC|GMT)(?:\s*[+-]\d{1,2}(?::?\d{2})?)?\)\s*/i, '')
    .replace(/\s*&\s*/g, ' and ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export function readWindowsZones(xml: string): WindowsZones {
  const ids: Record<string, string> = {};
  const names: Record<string, string> = {};
  const shared = new Set<string>();
  let comment: string | null = null;
  for (const match of xml.matchAll(/<!--\s*(\([^)]*\)[^>]*?)\s*-->|<mapZone\s+([^>]*?)\/>/g)) {
    if (match[1] !== undefined) {
      comment = match[1];
      continue;
    }
    const attributes = Object.fromEntries(
      [...match[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((attribute) => [attribute[1]!, attribute[2]!]),
    );
    if (attributes.territory !== '001' || !attributes.other || !attributes.type) continue;
    const iana = attributes.type.trim().split(/\s+/)[0]!;
    ids[zoneKey(attributes.other)] = iana;
    if (comment !== null) {
      const key = zoneKey(comment);
      if (key in names && names[key] !== iana) shared.add(key);
      names[key] = iana;
      comment = null;
    }
  }
  for (const key of shared) delete names[key];
  return { ids, names };
}
