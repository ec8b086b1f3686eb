/**
 * The meetings: the meeting-service registry (./registry.ts: one file per service, and the lists
 * every other list derives from), meeting detection in a link, a page address (./detect.ts) or
 * free text (./find-links.ts), and their shapes (./types.ts). The pages' readers of a call stay in
 * their own folders, carried by the meeting script only: the call state (./call-state/) and the
 * speaking timeline (./timeline/).
 */
export { detectMeeting, parseMeetingLink } from './detect';
export { findMeetingLinks, findMeetings } from './find-links';
export * from './registry';
export type { BotService, MeetingLink } from './types';
