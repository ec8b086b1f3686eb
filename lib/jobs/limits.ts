/**
 * Timings of the job state machine, each with its reason. The contract leaves these open.
 */

/** Contract: poll the result every 10 to 15 seconds. Used for every phase that waits on the service. */
export const POLL_INTERVAL_MS = 12_000;

/**
 * While a bot sits in a meeting nothing happens for tens of minutes, and the recording then still
 * has to be processed, so the space is looked at every 30 s rather than every 12 s.
 */
export const MEETING_POLL_INTERVAL_MS = 30_000;

/**
 * A by-URL download stays `is_uploaded: false` forever when it fails: the service reports no error.
 * 30 minutes covers a 2 GB file at ~10 Mbit/s on the service's side; past it the job is reported
 * as "probably failed".
 */
export const LINK_DOWNLOAD_LIMIT_MS = 30 * 60_000;

/**
 * Video-hosting downloads extract the audio of pages that may hold multi-hour streams, through the
 * hosting's own rate limits, so they get twice the by-URL limit.
 */
export const VIDEO_DOWNLOAD_LIMIT_MS = 60 * 60_000;

/**
 * No status endpoint exists for a bot: its recording appears only after the meeting ends. Six hours
 * cover nearly every meeting (a full working day of workshops is the rare exception) while still
 * telling the user the same day when the bot was never admitted or nothing was recorded.
 */
export const BOT_RECORDING_LIMIT_MS = 6 * 60 * 60_000;

/** A bot request whose outcome stays unknown (the service unreachable) is given up after this. */
export const REQUEST_UNKNOWN_LIMIT_MS = 10 * 60_000;

/** After complete upload the service assembles the parts; large files take a while. */
export const ASSEMBLE_LIMIT_MS = 30 * 60_000;

/**
 * How long the result endpoint may answer 404 once processing should be running: for a bot's
 * recording, whose processing starts on its own, 30 minutes; after our own confirmed start, 10.
 */
export const NOT_STARTED_LIMIT_MS = { bot: 30 * 60_000, other: 10 * 60_000 } as const;

/**
 * Between the list flags (`was_classified`, `result_is_ready`) the result endpoint itself is asked
 * this often, to notice a run that never started (404) which the flags cannot show.
 */
export const RESULT_RECHECK_MS = 5 * 60_000;

/** Newest recordings read per space and tick (the bot's recording, the running jobs' recordings). */
export const LIST_PAGE_SIZE = 50;

/** Finished jobs are kept for the popup this long, and at most this many. */
export const FINISHED_JOB_TTL_MS = 7 * 24 * 60 * 60_000;
export const MAX_FINISHED_JOBS = 50;
