/**
 * The length of the video on the page, to show it against the balance before sending: the
 * page's `<video>` (or `<audio>`) element once it knows its duration, else the
 * `meta[itemprop=duration]` of the page's schema.org VideoObject (ISO 8601, `PT12M30S`).
 *
 * Never an ad's length: YouTube plays pre-roll ads in the same `<video>`, under a player marked
 * `.ad-showing` (every public ad skipper reads `.ad-showing video`). Never the previous video's:
 * after in-page navigation YouTube keeps the first page's `meta` and the `<video>` still holds the
 * previous video until it loads the next, so the caller says which sources are this video's.
 */

/** Seconds of an ISO 8601 duration (`PT1H2M3S`, `P1DT2H`, `PT12M30.5S`); null when it is not one. */
export function parseIsoDuration(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(value.trim());
  if (!m || value.trim().toUpperCase() === 'P' || /T$/i.test(value.trim())) return null;
  const [, days, hours, minutes, seconds] = m;
  const total =
    Number(days ?? 0) * 86_400 + Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds ?? 0);
  return Number.isFinite(total) && total > 0 ? total : null;
}

function area(element: Element): number {
  const rect = element.getBoundingClientRect();
  return rect.width * rect.height;
}

/** The duration of the largest media element that knows it, in seconds. */
export function mediaElementDuration(root: Document | Element): number | null {
  // An ad plays in the player: its element's duration is the ad's.
  const known: HTMLMediaElement[] = [];
  // By tag name: the browser keeps these lists, far cheaper than a selector over a big page.
  for (const tag of ['video', 'audio'] as const) {
    const elements = root.getElementsByTagName(tag);
    for (let i = 0; i < elements.length; i++) {
      const element = elements[i] as HTMLMediaElement;
      if (Number.isFinite(element.duration) && element.duration > 0 && !element.closest('.ad-showing'))
        known.push(element);
    }
  }
  // Measuring needs a layout; with one player (the usual case) there is nothing to compare.
  if (known.length <= 1) return known[0]?.duration ?? null;
  let best = known[0]!;
  let bestArea = area(best);
  for (const element of known.slice(1)) {
    const size = area(element);
    if (size > bestArea) {
      best = element;
      bestArea = size;
    }
  }
  return best.duration;
}

/**
 * The page's video length in seconds, or null while it is unknown. `element`: whether the media
 * elements hold this page's video (after in-page navigation, not before one loaded since);
 * `meta`: whether the page's metadata is this video's (the document was loaded at this address).
 */
export function readVideoDuration(
  root: Document | Element,
  trust: { element: boolean; meta: boolean } = { element: true, meta: true },
): number | null {
  const fromElement = trust.element ? mediaElementDuration(root) : null;
  if (fromElement !== null || !trust.meta) return fromElement;
  const meta = root.querySelector('meta[itemprop="duration"]');
  return parseIsoDuration(meta?.getAttribute('content'));
}
