/**
 * The background side of names from the meeting page: `page.speakers` from a recorded meeting
 * page (its own tab only, a meeting page of a known service), and `speakers.timeline` from the
 * viewer and the popup (privileged).
 */
import { detectMeeting } from '@/lib/links';
import { type Handlers, MessageError } from './handler-types';
import { pageKindOf } from './senders';
import type { Background } from './types';

type SpeakerMessages = 'page.speakers' | 'speakers.timeline';

export function createSpeakerHandlers(bg: Background): Pick<Handlers, SpeakerMessages> {
  return {
    'page.speakers': async ({ timeline, missing }, sender) => {
      const url = sender.url ?? '';
      const tabId = sender.tab?.id;
      if (tabId === undefined || pageKindOf(url) !== 'meeting' || !detectMeeting(url))
        throw new MessageError({ kind: 'not-a-meeting-link' });
      return bg.speakers.fromPage(tabId, url, {
        ...(timeline !== undefined && { timeline }),
        ...(missing !== undefined && { missing }),
      });
    },
    'speakers.timeline': ({ spaceId, audioId }) => bg.speakers.timelineOf(spaceId, audioId),
  };
}
