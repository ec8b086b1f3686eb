/**
 * The Zoom web client's call state, read from its `iframe#webclient` document (the top
 * `app.zoom.us/wc/<n>/join` page holds only the frame: vivek-nexus/transcriptonic
 * `extension/content-zoom.js:9,112-123` @fe25d75). Selectors and texts from Vexa-ai/vexa
 * `core/meetings/modules/join/src/zoom/selectors.ts` @4647c96 ("verified from live DOM") and its
 * `zoom/removal.ts`, which takes the end modal for the end before it looks for the Leave button:
 *
 * - lobby: the name field and Join button of the React (`#input-for-name`,
 *   `button.preview-join-button`) and the classic client (`#inputname`, `#joinBtn`), or the
 *   waiting room's "Please wait" / "Waiting for the host";
 * - in the call: the footer's `button[aria-label="Leave"]` ("most reliable signal"), the call's
 *   controls;
 * - ended: Zoom's own modal `.zm-modal-body-title` saying only "This meeting has been ended by
 *   host" or "You have been removed from the meeting" (read while the footer is still drawn
 *   under it: only Zoom writes there), or, once the footer is gone, a heading saying so. Leaving
 *   by one's own button takes the top page to `/wc/leave`, another address
 *   (lib/recording/meeting-end.ts);
 * - participants' own words: the video tiles' names, the participants list and the chat.
 *
 * Russian labels and texts are Zoom's Russian wording as far as known; an unknown one is
 * `unknown`, never `ended`.
 */
import type { CallState } from '../types';
import { type CallStateRules, HEADINGS, has, readCallState, says } from './read';

const ENDED =
  /^(?:(?:this |the )?meeting has (?:been )?ended(?: by (?:the )?host)?|(?:the )?host (?:has )?ended (?:this|the) meeting|you (?:have been|were) removed from (?:this|the) meeting|организатор завершил (?:эту )?конференцию|конференция (?:была )?завершена|вы были удалены из (?:этой )?конференции|вас удалили из конференции)[.!]?$/i;

const WAITING = /please wait|waiting for the host|подождите|ожидание организатора/i;

const LEAVE = 'button[aria-label="Leave"],button[aria-label="Выйти"]';

export const zoomCallRules: CallStateRules = {
  controls: LEAVE,
  inCall: LEAVE,
  ended: ENDED,
  endDialog: '.zm-modal-body-title',
  people: '.video-avatar__avatar,#wc-container-right,.participants-li,[class*="chat-"]',
  lobby: (doc) =>
    has(doc, '#input-for-name,#inputname,button.preview-join-button,#joinBtn') ||
    says(doc, HEADINGS, WAITING),
};

export function zoomCallState(doc: Document): CallState {
  return readCallState(doc, zoomCallRules);
}
