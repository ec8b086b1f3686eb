/**
 * A name from the service or a file (recording title, space name) as one short line of plain
 * text, for places that show it as a label: notifications and the controls on web pages.
 * Direction controls and isolates, other control characters and zero-width characters go (they
 * could make a name read as something else: "invoice\u202Egnp.exe"), whitespace runs become one
 * space, and a long name is cut with "…" to at most `max` characters.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const MISLEADING = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

export function plainLabel(text: string, max: number): string {
  // Tabs and line breaks are spaces; the other characters go without a trace.
  const plain = text
    .replace(MISLEADING, (char) => (/[\t\n\v\f\r]/.test(char) ? ' ' : ''))
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(plain);
  return chars.length <= max
    ? plain
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}
