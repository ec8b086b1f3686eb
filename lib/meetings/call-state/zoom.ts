/**
 * The Zoom web client's call state, read from its `iframe#webclient` document (the top
 * `app.zoom.us/wc/<n>/join` page holds only the frame: vivek-nexus/transcriptonic
 * `extension/content-zoom.js:9,112-123` @fe25d75). Selectors and texts from Vexa-ai/vexa
 * `core/meetings/modules/join/src/zoom/selectors.ts` @4647c96 ("verified from live DOM"):
 *
 * - lobby: the name field and Join button of the React (`#input-for-name`,
 *   `button.preview-join-button`) and the classic client (`#inputname`, `#joinBtn`), or the
 *   waiting room's "Please wait" / "Waiting for the host";
 * - in the call: the footer's `button[aria-label="Leave"]` ("most reliable signal");
 * - ended: the `.zm-modal-body-title` modal "This meeting has been ended by host", "removed from
 *   the meeting". Leaving by one's own button takes the top page to `/wc/leave`, another address
 *   (lib/recording/meeting-end.ts).
 *
 * Russian labels and texts are Zoom's Russian wording as far as known; an unknown one is
 * `unknown`, never `ended`.
 */
import type { CallState } from '../types';
import { HEADINGS, has, says } from './read';

const ENDED =
  /ended by (?:the )?host|meeting has (?:been )?ended|host ended the meeting|removed from the meeting|you have been removed|организатор завершил|конференция (?:была )?завершена|вы были удалены|вас удалили/i;

const WAITING = /please wait|waiting for the host|подождите|ожидание организатора/i;

export function zoomCallState(doc: Document): CallState {
  if (says(doc, `.zm-modal-body-title,${HEADINGS}`, ENDED)) return 'ended';
  if (has(doc, 'button[aria-label="Leave"],button[aria-label="Выйти"]')) return 'in-call';
  if (has(doc, '#input-for-name,#inputname,button.preview-join-button,#joinBtn')) return 'lobby';
  if (says(doc, HEADINGS, WAITING)) return 'lobby';
  return 'unknown';
}
