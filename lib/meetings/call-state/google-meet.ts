/**
 * Google Meet's call state, read from the top document: Meet draws the pre-join screen, the call
 * and the screen after leaving in one single-page app on the meeting's own address.
 *
 * - in the call: participant tiles `[data-participant-id]` (Vexa-ai/vexa
 *   `core/meetings/modules/join/src/googlemeet/selectors.ts` @4647c96, which warns that "Leave
 *   call" and the microphone and camera buttons are on the pre-join screen too: the tiles decide);
 *   the call's controls are the tiles and the "Leave call" button (`button[aria-label*="Leave
 *   call"]`, the same file): an end screen counts only once both are gone;
 * - ended: a heading that says only "You left the meeting", "The meeting has ended", "You've been
 *   removed from the meeting" (the same file's removal indicators), in English or Russian;
 * - lobby: "Join now", "Ask to join", "Switch here" or the waiting "Asking to be let in" (the same
 *   file's join and waiting-room indicators), in English or Russian;
 * - participants' own words: the tiles and the people panel (names), the captions' region and the
 *   chat's live list (read.ts leaves regions and live regions out everywhere).
 *
 * The Russian texts are Meet's wording as far as public sources show it; an unknown wording is
 * `unknown`, never `ended`.
 */
import type { CallState } from '../types';
import { type CallStateRules, HEADINGS, readCallState, says } from './read';

const ENDED =
  /^(?:you(?:'ve| have|’ve)? left the (?:meeting|call)|(?:the )?(?:meeting|call) (?:has )?ended|you(?:'ve| have|’ve)? been removed from the (?:meeting|call)|вы (?:вышли из|покинули) (?:видео)?встреч[уи]|(?:видео)?встреча (?:завершена|окончена)|вас удалили из (?:видео)?встречи)[.!]?$/i;

const LOBBY =
  /join now|ask to join|switch here|join here too|asking to be let in|присоединиться|попросить (?:разрешения|присоединиться)|запрос на (?:подключение|присоединение)/i;

export const meetCallRules: CallStateRules = {
  controls: '[data-participant-id],button[aria-label*="Leave call"],button[aria-label*="Покинуть"]',
  inCall: '[data-participant-id]',
  ended: ENDED,
  people: '[data-participant-id],[aria-label="Participants"],[aria-label="Участники"]',
  lobby: (doc) => says(doc, `button,${HEADINGS}`, LOBBY),
};

export function meetCallState(doc: Document): CallState {
  return readCallState(doc, meetCallRules);
}
