/**
 * The background side of the "Record here" messages. Start, stop, status and recovery come from
 * the extension's pages (the popup and the side panel); `recording.event` only from the recording
 * page itself, the offscreen document; `page.record`, `page.recordStop` and `page.recording` from
 * a meeting page's control, for its own tab only, and its `page.recordKeep` ("Keep recording");
 * `page.callEnded` and `page.callState` from a meeting page whose call ended or is on, for a
 * recording of its own tab and meeting only.
 */
import { browser } from 'wxt/browser';
import { detectMeeting } from '@/lib/meetings';
import { type Handlers, MessageError } from './handler-types';
import { pageKindOf, type Sender } from './senders';
import type { Background } from './types';

type RecordingMessages =
  | 'recording.status'
  | 'recording.start'
  | 'recording.stop'
  | 'recording.keep'
  | 'recording.recover'
  | 'recording.event'
  | 'page.record'
  | 'page.recordStop'
  | 'page.recording'
  | 'page.callEnded'
  | 'page.callState'
  | 'page.recordKeep';

/**
 * The sender tab of a meeting page's control and its address: "Record here" acts on that tab only,
 * on the meeting pages of every service (record-only ones too).
 */
function meetingTab(sender: Sender): { tabId: number; url: string } {
  const url = sender.url ?? '';
  const tabId = sender.tab?.id;
  if (tabId === undefined || pageKindOf(url) !== 'meeting' || !detectMeeting(url))
    throw new MessageError({ kind: 'not-a-meeting-link' });
  return { tabId, url };
}

export function createRecordingHandlers(bg: Background): Pick<Handlers, RecordingMessages> {
  return {
    'recording.status': () => bg.recording.view(),
    'recording.start': ({ tabId, microphone, spaceId, meetingLink }) =>
      bg.recording.start(tabId, {
        microphone,
        ...(spaceId !== undefined && { spaceId }),
        ...(meetingLink !== undefined && { meetingLink }),
      }),
    'recording.stop': () => bg.recording.stop('user'),
    'recording.keep': () => bg.recording.keep(),
    'recording.recover': ({ action, spaceId, id }) => bg.recording.recover(action, spaceId, id),
    'recording.event': async ({ id, event }, sender) => {
      if (sender.url !== browser.runtime.getURL('/offscreen.html') || sender.tab)
        throw new MessageError({ kind: 'forbidden-sender', type: 'recording.event' });
      return bg.recording.event(id, event);
    },
    'page.record': async ({ spaceId }, sender) => {
      const { tabId, url } = meetingTab(sender);
      return bg.recording.fromPage(tabId, url, spaceId);
    },
    'page.recordStop': async (_payload, sender) => bg.recording.stopFromPage(meetingTab(sender).tabId),
    'page.recording': async (_payload, sender) => {
      // The control asks at every page visit: what the tab shows is known though its address is not.
      const { tabId, url } = meetingTab(sender);
      await bg.recording.pageShows(tabId, url);
      return bg.recording.onPage(tabId);
    },
    'page.callEnded': async (_payload, sender) => {
      const { tabId, url } = meetingTab(sender);
      await bg.recording.meetingEnded(tabId, url);
      return null;
    },
    'page.callState': async ({ inCall }, sender) => {
      const { tabId, url } = meetingTab(sender);
      await bg.recording.callState(tabId, url, inCall);
      return null;
    },
    'page.recordKeep': async (_payload, sender) => bg.recording.keepFromPage(meetingTab(sender).tabId),
  };
}
