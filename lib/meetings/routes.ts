/**
 * The routes that belong to one meeting of each service (`MeetingRoutes`, declared in each
 * service's own file): what a recording that ends with its meeting reads of an address its tab
 * moves to (lib/recording/meeting-end.ts). Apart from the registry, so that the content scripts,
 * which never decide this, do not carry it.
 */
import { googleMeetRoutes } from './google-meet';
import { jitsiRoutes } from './jitsi';
import { konturTalkRoutes } from './kontur-talk';
import type { MeetingServiceId } from './registry';
import { saluteJazzRoutes } from './salutejazz';
import { teamsRoutes } from './teams';
import { telemostRoutes } from './telemost';
import type { MeetingRoutes } from './types';
import { zoomRoutes } from './zoom';

export const MEETING_ROUTES: Readonly<Record<MeetingServiceId, MeetingRoutes>> = {
  google_meet: googleMeetRoutes,
  zoom: zoomRoutes,
  telemost: telemostRoutes,
  teams: teamsRoutes,
  jitsi: jitsiRoutes,
  salutejazz: saluteJazzRoutes,
  kontur_talk: konturTalkRoutes,
};
