/**
 * The names of a meeting's people as the extraction is given them, in one module of their own:
 * the background gathers them without carrying the extraction.
 */

/**
 * The names of a meeting's people, in the order they are preferred: the speaker names of the
 * result (`speakers_map`, by speaker id), then the names read from the meeting page, then the
 * calendar event's attendees. Only strings are kept; the extraction drops `SPEAKER_<nn>`.
 */
export function meetingNames(sources: {
  speakersMap?: unknown;
  pageNames?: unknown;
  attendees?: unknown;
}): string[] {
  const out: string[] = [];
  const { speakersMap, pageNames, attendees } = sources;
  if (speakersMap !== null && typeof speakersMap === 'object' && !Array.isArray(speakersMap)) {
    const entries = Object.entries(speakersMap as Record<string, unknown>).sort(
      ([a], [b]) => Number(a) - Number(b) || a.localeCompare(b),
    );
    for (const [, name] of entries) if (typeof name === 'string') out.push(name);
  }
  for (const list of [pageNames, attendees])
    if (Array.isArray(list)) for (const name of list) if (typeof name === 'string') out.push(name);
  return out;
}
