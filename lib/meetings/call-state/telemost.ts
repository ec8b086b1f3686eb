/**
 * Yandex Telemost 3.0's call state, read from its `/private-join/<id>` frame (the top `/j/<id>`
 * page holds only the frame and the onboarding). The frame's test ids from a public Telemost 3.0
 * bot (index id 70937605898, the Telemost session of a Playwright bot) and
 * happyproff/userscript-telemost-hotkeys `telemost-hotkeys.user.js` @21b7bc3:
 *
 * - lobby: `enter-conference-button` (the pre-join screen's "Подключиться");
 * - in the call: `end-call-alt-button`, `participants-button`, the call's controls;
 * - ended: once those are gone, a heading that says only "Конференция завершена", "Встреча
 *   завершена", "Вы покинули встречу", "Вы вышли из встречи", "Meeting ended" (the same bot's
 *   end-of-meeting texts). Leaving by one's own button takes the top page off `/j/<id>`
 *   (Savin99/telemost-transcriber `bot-service/app/telemost.py` @0f8cb19), another address
 *   (lib/recording/meeting-end.ts);
 * - participants' own words: the tiles (`.GoloomParticipantsRenderer`) and the participants
 *   panel (adobrotvorskiy/cora `docs/telemost_dom.md` @4c2d94a).
 */
import type { CallState } from '../types';
import { type CallStateRules, has, readCallState } from './read';

const ENDED =
  /^(?:(?:конференция|встреча) завершена|вы (?:покинули|вышли из) встреч[уи]|(?:the )?meeting (?:has )?ended|you left the meeting)[.!]?$/i;

const CONTROLS = '[data-testid="end-call-alt-button"],[data-testid="participants-button"]';

export const telemostCallRules: CallStateRules = {
  controls: CONTROLS,
  inCall: CONTROLS,
  ended: ENDED,
  people: '.GoloomParticipantsRenderer,[class*="participantsSidebar"]',
  lobby: (doc) => has(doc, '[data-testid="enter-conference-button"]'),
};

export function telemostCallState(doc: Document): CallState {
  return readCallState(doc, telemostCallRules);
}
