/**
 * The background side of the "Record here" messages. Start, stop, status and recovery come from
 * the extension's pages (the popup and the side panel); `recording.event` only from the recording
 * page itself, the offscreen document.
 */
import { browser } from 'wxt/browser';
import { type Handlers, MessageError } from './handler-types';
import {
  recordingEvent,
  recordingView,
  recoverRecording,
  startTabRecording,
  stopTabRecording,
} from './recording';
import type { Background } from './types';

type RecordingMessages =
  | 'recording.status'
  | 'recording.start'
  | 'recording.stop'
  | 'recording.recover'
  | 'recording.event';

export function createRecordingHandlers(bg: Background): Pick<Handlers, RecordingMessages> {
  return {
    'recording.status': () => recordingView(bg),
    'recording.start': ({ tabId, microphone, spaceId }) =>
      startTabRecording(bg, tabId, { microphone, ...(spaceId !== undefined && { spaceId }) }),
    'recording.stop': () => stopTabRecording(bg, 'user'),
    'recording.recover': ({ action }) => recoverRecording(bg, action),
    'recording.event': async ({ id, event }, sender) => {
      if (sender.url !== browser.runtime.getURL('/offscreen.html') || sender.tab)
        throw new MessageError({ kind: 'forbidden-sender', type: 'recording.event' });
      return recordingEvent(bg, id, event);
    },
  };
}
