/**
 * The timeline readers of the meeting services, one file each (lib/meetings/timeline/<service>.ts):
 * a service without one gives no page names. The sampling on a recorded page
 * (components/page/speaking-timeline.ts) reaches the reader through the call's document
 * (lib/meetings/call-document.ts).
 */
import type { MeetingServiceId } from '../registry';
import { googleMeetReader } from './google-meet';
import { telemostReader } from './telemost';
import type { TimelineReader } from './types';
import { zoomReader } from './zoom';

export const TIMELINE_READERS: Partial<Record<MeetingServiceId, TimelineReader>> = {
  google_meet: googleMeetReader,
  zoom: zoomReader,
  telemost: telemostReader,
};
