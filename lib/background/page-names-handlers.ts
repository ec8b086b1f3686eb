/**
 * The background side of names from the meeting page: `page.timeline` from a recorded meeting
 * page (its own tab only, a meeting page of a known service), and `pageNames.get` from the
 * viewer and the popup (privileged).
 */
import { detectMeeting } from '@/lib/meetings';
import { type Handlers, MessageError } from './handler-types';
import { pageKindOf } from './senders';
import type { Background } from './types';

type PageNamesMessages = 'page.timeline' | 'pageNames.get';

export function createPageNamesHandlers(bg: Background): Pick<Handlers, PageNamesMessages> {
  return {
    'page.timeline': async ({ timeline, missing }, sender) => {
      const url = sender.url ?? '';
      const tabId = sender.tab?.id;
      if (tabId === undefined || pageKindOf(url) !== 'meeting' || !detectMeeting(url))
        throw new MessageError({ kind: 'not-a-meeting-link' });
      return bg.pageNames.fromPage(tabId, url, {
        ...(timeline !== undefined && { timeline }),
        ...(missing !== undefined && { missing }),
      });
    },
    'pageNames.get': ({ spaceId, audioId }) => bg.pageNames.timelineOf(spaceId, audioId),
  };
}
