/**
 * Which recording did a submit make whose answer was lost? By URL and video page answer with the
 * new recording's id only; when that answer is lost (the connection dropped after the service
 * acted) the recording is hidden while it downloads and then appears in the space's list. It is
 * recognised, as a bot's recording is, by what only this click can explain: a recording of this
 * space that was not there before the call (`preexisting`), made after the call started (with the
 * clock tolerance), claimed by no other job of this extension, and carrying this click's title
 * (by URL: the exact title and type that were sent; video page: the video's title as the page
 * showed it, which the service gives the recording once downloaded, or the video's own id standing
 * as a word in the recording's title). Anything else is never
 * adopted: the job waits for the download time and then says so; nothing is submitted again.
 */
import type { Recording } from '@/lib/api';

/** The media extensions a recording title ends with (contract, Limits). */
const EXTENSION = /\.(mp3|m4a|wav|ogg|webm|mp4)$/i;

/** Shorter titles are too common to tie a recording to one video. */
const MIN_VIDEO_TITLE = 4;

export interface LostAnswerQuery {
  /** The recordings of the job's space as listed now (any order). */
  recordings: readonly Pick<Recording, 'id' | 'title' | 'content_type' | 'created_at' | 'is_active'>[];
  /** Recordings listed before the call: never this click's. */
  preexisting: readonly number[];
  /** Recordings other jobs of this extension own. */
  claimed: ReadonlySet<number>;
  /** When the call started (client clock, ms) less the clock tolerance. */
  notBefore: number;
  /** By URL: the exact title and type sent. */
  link?: { title: string; contentType: string };
  /** Video page: the video's title as the page showed it (its tab title, or the one typed). */
  videoTitle?: string;
  /** Video page: the site's own id of the video (from the address that was sent). */
  videoId?: string;
}

/** One line, no extension, case and spacing folded: how a video's title is compared. */
export function foldTitle(title: string): string {
  return title.normalize('NFKC').replace(EXTENSION, '').replace(/\s+/g, ' ').trim().toLocaleLowerCase();
}

/**
 * Whether a recording's title is the video's: the same once folded, or one holding the other
 * (a tab title adds the site's name, "My talk - YouTube"; the service may cut a long title).
 */
export function isVideoTitle(recordingTitle: string, videoTitle: string): boolean {
  const ours = foldTitle(recordingTitle);
  const video = foldTitle(videoTitle);
  if (ours.length === 0 || video.length === 0) return false;
  if (ours === video) return true;
  return (
    (ours.length >= MIN_VIDEO_TITLE && video.includes(ours)) ||
    (video.length >= MIN_VIDEO_TITLE && ours.includes(video))
  );
}

/** Shorter ids (a few characters) could stand inside any title by chance. */
const MIN_VIDEO_ID = 6;

/**
 * Whether a recording's title names the video's id as a word of its own: a service that names a
 * download after the file its downloader wrote ("My talk [dQw4w9WgXcQ].m4a", yt-dlp's default) or
 * after the id alone when the page gave no title ("Video dQw4w9WgXcQ.m4a") still names this video.
 */
export function namesVideoId(recordingTitle: string, videoId: string): boolean {
  if (videoId.length < MIN_VIDEO_ID) return false;
  let from = 0;
  for (;;) {
    const at = recordingTitle.indexOf(videoId, from);
    if (at < 0) return false;
    const before = recordingTitle[at - 1] ?? '';
    const after = recordingTitle[at + videoId.length] ?? '';
    if (!/[\w-]/.test(before) && !/[\w-]/.test(after)) return true;
    from = at + 1;
  }
}

/** The recording this click made, or null while none (or none for sure) is there. Oldest first. */
export function findLostAnswerRecording<R extends LostAnswerQuery['recordings'][number]>(
  query: Omit<LostAnswerQuery, 'recordings'> & { recordings: readonly R[] },
): R | null {
  if (!query.link && !query.videoTitle && !query.videoId) return null;
  const candidates = query.recordings.filter((recording) => {
    if (!recording.is_active) return false;
    if (query.preexisting.includes(recording.id) || query.claimed.has(recording.id)) return false;
    const at = Date.parse(recording.created_at);
    if (!Number.isFinite(at) || at < query.notBefore) return false;
    if (query.link) {
      return recording.title === query.link.title && recording.content_type === query.link.contentType;
    }
    return (
      (query.videoTitle !== undefined && isVideoTitle(recording.title, query.videoTitle)) ||
      (query.videoId !== undefined && namesVideoId(recording.title, query.videoId))
    );
  });
  candidates.sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id);
  return candidates[0] ?? null;
}
