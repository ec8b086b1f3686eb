/**
 * The speaker readers of the meeting services, one file each (lib/meetings/speakers/<service>.ts):
 * a service without one shows no names from its page. The sampling on a recorded page
 * (components/page/speaking-timeline.ts) reaches the reader through the call's document
 * (lib/meetings/call-document.ts).
 */
import type { MeetingServiceId } from '../index';
import { googleMeetSpeakers } from './google-meet';
import { telemostReader } from './telemost';
import type { SpeakerReader } from './types';
import { zoomReader } from './zoom';

export const SPEAKER_READERS: Partial<Record<MeetingServiceId, SpeakerReader>> = {
  google_meet: googleMeetSpeakers,
  zoom: zoomReader,
  telemost: telemostReader,
};
