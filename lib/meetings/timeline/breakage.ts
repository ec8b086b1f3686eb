/**
 * Why a speaker reader saw nothing, in the fixed words the diagnostics list (lib/page/breakage.ts:
 * a missing part is a name from the adapter, never page content):
 *
 * - `tiles`: the call's document shows no participant tile where the reader looks for them;
 * - `names`: it shows tiles, but none with a name the reader can read;
 * - `speaking marks`: over a stretch of the call the page was watched with participants in it,
 *   and no one was ever marked as speaking (the speaking class renamed).
 *
 * The first two come from one look at the document (`zoomMissing`, `telemostMissing`, asked when
 * a reading gives null while the call is on); the third from the timeline so far. A shared screen
 * that hides Zoom's tiles is no breakage.
 */
import type { PageTimeline } from '@/lib/page-names/timeline';
import { hasClassPrefix } from './dom';

export type MissingPart = 'tiles' | 'names' | 'speaking marks';

/** Watched seconds, with two or more participants, after which no speaking mark is breakage. */
export const MARKS_AFTER_SECONDS = 300;

const ZOOM_FRAMES = [
  'speaker-bar-container__video-frame',
  'gallery-video-container__video-frame',
  'speaker-active-container__video-frame',
];

function named(elements: ArrayLike<Element>, read: (element: Element) => string): boolean {
  for (let i = 0; i < elements.length && i < 500; i += 1) if (read(elements[i]!).trim()) return true;
  return false;
}

/** What Zoom's call document lacks when the reader finds no named tile, or null. Never throws. */
export function zoomMissing(doc: Document): MissingPart | null {
  try {
    const frames: Element[] = [];
    for (const kind of ZOOM_FRAMES)
      frames.push(...Array.from(doc.getElementsByClassName(kind)).slice(0, 500));
    if (frames.length === 0)
      return doc.getElementsByClassName('sharee-container').length > 0 ? null : 'tiles';
    const footerText = (frame: Element) =>
      `${frame.getElementsByClassName('video-avatar__avatar-footer')[0]?.textContent ?? ''}${frame.getElementsByClassName('video-avatar__avatar-name')[0]?.textContent ?? ''}`;
    return named(frames, footerText) ? null : 'names';
  } catch {
    return null;
  }
}

/** What Telemost's call document lacks when the reader finds no named tile, or null. Never throws. */
export function telemostMissing(doc: Document): MissingPart | null {
  try {
    const grid = doc.getElementsByClassName('GoloomParticipantsRenderer')[0];
    if (!grid) return 'tiles';
    const names = grid.querySelectorAll('span[class*="TextName"][title]');
    if (named(names, (name) => name.getAttribute('title') ?? '')) return null;
    // Tiles are the grid's items; none at all is a grid drawn empty, not nameless tiles.
    const items = grid.querySelectorAll('[class*="newGridItem"], [class*="item_"]');
    for (let i = 0; i < items.length && i < 500; i += 1) {
      if (hasClassPrefix(items[i], 'newGridItem') || hasClassPrefix(items[i], 'item')) return 'names';
    }
    return 'tiles';
  } catch {
    return null;
  }
}

/**
 * `speaking marks` when the timeline was watched for `MARKS_AFTER_SECONDS` with two or more
 * participants and holds not one speaking interval; otherwise null.
 */
export function marksMissing(timeline: PageTimeline, after = MARKS_AFTER_SECONDS): MissingPart | null {
  if (timeline.participants.length < 2) return null;
  let watched = 0;
  for (const [start, end] of timeline.observed) watched += end - start;
  if (watched < after) return null;
  return timeline.speaking.some((list) => list.length > 0) ? null : 'speaking marks';
}
