export { CALENDAR_APPS, type CalendarApp, type CalendarPage, detectCalendarPage } from './calendar-page';
export { MEDIA_EXTENSIONS, parseMediaLink } from './media-link';
export type { MediaExtension, MediaLink, VideoPage, VideoSite } from './types';
export { BY_URL_MAX, MEETING_LINK_MAX, TITLE_MAX, VIDEO_URL_MAX } from './types';
export { unwrapLink } from './unwrap-link';
export { parseVideoPage } from './video-page';
