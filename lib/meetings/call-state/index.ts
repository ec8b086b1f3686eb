/**
 * The call-state readers of the services that send a bot, one file each, by service id: what
 * the meeting page script reads of the call (components/page/call-state.ts), in the document
 * `callDocument` gives (the service's page adapter names the frame, lib/meetings/<id>.ts). Kept
 * apart from the service definitions so that only the meeting script carries them.
 */
import type { MeetingServiceId } from '../registry';
import type { CallState } from '../types';
import { meetCallState } from './google-meet';
import { telemostCallState } from './telemost';
import { zoomCallState } from './zoom';

export const CALL_STATE_READERS: { readonly [id in MeetingServiceId]?: (doc: Document) => CallState } = {
  google_meet: meetCallState,
  zoom: zoomCallState,
  telemost: telemostCallState,
};
