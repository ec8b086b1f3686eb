/** Short stable names of the video-hosting sites we recognise. */
export type VideoSite =
  | 'youtube'
  | 'rutube'
  | 'vk'
  | 'vimeo'
  | 'dzen'
  | 'ok'
  | 'twitch'
  | 'dailymotion'
  | 'loom'
  | 'tiktok'
  | 'zoom';

export interface VideoPage {
  site: VideoSite;
  /** The site's own video id (for VK `<owner>_<video>`, for Twitch clips the clip slug, for Zoom the recording id). */
  id: string;
  /** Canonical https URL of the video page to send as `url` (at most 2048 characters). */
  url: string;
}

/** File extensions the service accepts in a recording title. */
export type MediaExtension = '.mp3' | '.m4a' | '.wav' | '.ogg' | '.webm' | '.mp4';

export interface MediaLink {
  /** The direct link to send as by-URL `url` (at most 255 characters, no credentials, no fragment). */
  url: string;
  /** Lowercase extension with its dot, as the title must end with it. */
  extension: MediaExtension;
  /** A recording title derived from the file name: at most 255 characters, ends with `extension`. */
  suggestedTitle: string;
}

/** Contract limits (shared/spec/service-api.md, "Limits"). */
export const MEETING_LINK_MAX = 255;
export const VIDEO_URL_MAX = 2048;
export const BY_URL_MAX = 255;
export const TITLE_MAX = 255;
