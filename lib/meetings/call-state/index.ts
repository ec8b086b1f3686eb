/**
 * The call-state rules of the services that send a bot, one file each, by service id: what the
 * meeting page script reads of the call while this tab is recorded (components/page/call-state.ts),
 * in the document `callDocument` gives (the service's page adapter names the frame,
 * lib/meetings/<id>.ts), through `readCallState` (./read.ts). Kept apart from the service
 * definitions so that only the meeting script carries them.
 */
import type { MeetingServiceId } from '../registry';
import { meetCallRules } from './google-meet';
import type { CallStateRules } from './read';
import { telemostCallRules } from './telemost';
import { zoomCallRules } from './zoom';

export { type CallStateRules, readCallState } from './read';

export const CALL_STATE_RULES: { readonly [id in MeetingServiceId]?: CallStateRules } = {
  google_meet: meetCallRules,
  zoom: zoomCallRules,
  telemost: telemostCallRules,
};
