/**
 * Google Meet's call state, read from the top document: Meet draws the pre-join screen, the call
 * and the screen after leaving in one single-page app on the meeting's own address.
 *
 * - in the call: participant tiles `[data-participant-id]` (Vexa-ai/vexa
 *   `core/meetings/modules/join/src/googlemeet/selectors.ts` @4647c96, which warns that "Leave
 *   call" and the microphone and camera buttons are on the pre-join screen too: the tiles decide);
 * - ended: the screen's heading "You left the meeting", "The meeting has ended", "You've been
 *   removed from the meeting" (the same file's removal indicators), in English or Russian;
 * - lobby: "Join now", "Ask to join", "Switch here" or the waiting "Asking to be let in" (the same
 *   file's join and waiting-room indicators), in English or Russian.
 *
 * The Russian texts are Meet's wording as far as public sources show it; an unknown wording is
 * `unknown`, never `ended`.
 */
import type { CallState } from '../types';
import { HEADINGS, has, says } from './read';

const ENDED =
  /you(?:'ve| have|’ve)? left the (?:meeting|call)|(?:meeting|call) (?:has )?ended|removed from the (?:meeting|call)|вы (?:вышли из|покинули) (?:видео)?встреч|(?:видео)?встреча (?:завершена|окончена)|вас удалили/i;

const LOBBY =
  /join now|ask to join|switch here|join here too|asking to be let in|присоединиться|попросить (?:разрешения|присоединиться)|запрос на (?:подключение|присоединение)/i;

export function meetCallState(doc: Document): CallState {
  if (says(doc, HEADINGS, ENDED)) return 'ended';
  if (has(doc, '[data-participant-id]')) return 'in-call';
  if (says(doc, `button,${HEADINGS}`, LOBBY)) return 'lobby';
  return 'unknown';
}
