/**
 * The document a meeting's call is drawn in: the top document, or the same-origin frame the
 * service's page adapter names (Zoom's `iframe#webclient`, Telemost's `/private-join/` frame).
 * Null while that frame is not there yet or not readable (another origin, not loaded): the call
 * is then not seen, which the features reading it treat as "nothing found", never as an error.
 */
import type { MeetingPageAdapter } from './types';

export function callDocument(top: Document, adapter: MeetingPageAdapter | undefined): Document | null {
  const selector = adapter?.frame;
  if (!selector) return top;
  for (const frame of top.querySelectorAll<HTMLIFrameElement>(selector)) {
    try {
      const doc = frame.contentDocument;
      // An unloaded frame shows about:blank; a frame of another origin gives null.
      if (doc && doc.location.href !== 'about:blank') return doc;
    } catch {
      // Reading another origin's frame throws in some engines: not readable, as null.
    }
  }
  return null;
}
