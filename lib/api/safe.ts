/**
 * Safe use of the calls that create something or charge (contract, Retry guidance): none of them is
 * ever repeated blindly. When the outcome of a call is unknown (connection failure, reset, timeout,
 * 5xx), these helpers first find out whether it took effect.
 *
 * - Create a recording: the space's recordings are searched newest first for the exact title
 *   (regex-escaped) with the same size and type, not yet uploaded, created after the call started.
 *   Found: the recording exists but its upload links are lost (`orphaned`). Not found: it is safe to
 *   create again (`not-created`).
 * - Send a bot: re-sending is its own check. If the resend answers code 5 (an active meeting with the
 *   bot already exists in the space), the first call took effect: success, `confirmedBy:
 *   'busy-check'`, without a request id. (A bot sent to another meeting of the same space would also
 *   answer code 5; the bot job then waits for the new recording as usual.)
 * - Start processing: the result endpoint tells: 200 (running or finished) means the charge took
 *   effect and classify is not called again; 404 means processing was not started, and only then is
 *   classify called again, once.
 * - Complete upload: the upload status is read; `is_uploaded: true` means done.
 * - By URL and video site: the recording is hidden while it downloads, so no check is possible; the
 *   methods throw `outcome-unknown` with check `recent-recordings`.
 */
import type { ApiClient, CallOptions, CreateRecordingBody, SendBotBody } from './client';
import { ApiError, isApiError, type TransportErrorInfo } from './errors';
import { pause, RETRY_PAUSES } from './http';
import { exactTitlePattern } from './pagination';
import type { BotRequest, CreatedRecording, Recording, UploadedPart } from './schemas';

/**
 * Tolerance between the client's clock and the service's `created_at`: a recording created up to
 * this long before the call started still counts as created by it.
 */
export const CLOCK_SKEW_TOLERANCE_MS = 5 * 60_000;

/** Pause before looking for the effect of a call, so a request still in the service's hands lands first. */
const SETTLE_PAUSE_MS = 1_000;

/**
 * How long to wait before checking. After a timeout the service may still be working on the
 * request (it never answered), so the check waits as long again as the timeout; after an answer
 * (5xx) or a closed connection the service is done with it, and a short pause suffices.
 */
function settlePauseMs(client: ApiClient, cause: TransportErrorInfo | undefined): number {
  return cause?.kind === 'timeout' ? Math.max(SETTLE_PAUSE_MS, client.deps.timeoutMs) : SETTLE_PAUSE_MS;
}

export interface MatchCriteria {
  title: string;
  size?: number;
  contentType?: string;
  /** Only recordings created at or after this time (ms, client clock; skew tolerated). */
  since?: number;
  isUploaded?: boolean;
  /** How many recordings with the title to examine at most, newest first. Default 50. */
  maxScanned?: number;
}

export async function findRecordings(
  client: ApiClient,
  spaceId: number,
  criteria: MatchCriteria,
  options: CallOptions = {},
): Promise<Recording[]> {
  const found: Recording[] = [];
  const since = criteria.since === undefined ? undefined : criteria.since - CLOCK_SKEW_TOLERANCE_MS;
  let scanned = 0;
  for await (const recording of client.iterateRecordings(spaceId, {
    search: exactTitlePattern(criteria.title),
    ordering: '-created_at',
    limit: 20,
    signal: options.signal,
  })) {
    scanned += 1;
    const createdAt = Date.parse(recording.created_at);
    // Newest first: everything after an older recording is older still.
    if (since !== undefined && createdAt < since) break;
    const matches =
      recording.title === criteria.title &&
      (criteria.size === undefined || recording.size === criteria.size) &&
      (criteria.contentType === undefined || recording.content_type === criteria.contentType) &&
      (criteria.isUploaded === undefined || recording.is_uploaded === criteria.isUploaded);
    if (matches) found.push(recording);
    if (scanned >= (criteria.maxScanned ?? 50)) break;
  }
  return found;
}

export type SafeCreateOutcome =
  | { status: 'created'; recording: CreatedRecording; startedAt: number }
  /** The call took effect but its answer (with the upload links) was lost. */
  | { status: 'orphaned'; audioIds: number[]; cause?: TransportErrorInfo }
  /** The call did not take effect: creating again is safe. */
  | { status: 'not-created'; cause?: TransportErrorInfo };

export async function createRecordingChecked(
  client: ApiClient,
  spaceId: number,
  body: CreateRecordingBody,
  options: CallOptions = {},
): Promise<SafeCreateOutcome> {
  const startedAt = client.deps.now();
  try {
    const recording = await client.createRecording(spaceId, body, options);
    return { status: 'created', recording, startedAt };
  } catch (error) {
    if (!isApiError(error, 'outcome-unknown')) throw error;
    const unknown = error.info;
    let matches: Recording[];
    try {
      await pause(client.deps.sleep, settlePauseMs(client, unknown.cause), options.signal);
      matches = await findRecordings(
        client,
        spaceId,
        {
          title: body.title,
          size: body.size,
          contentType: body.content_type,
          since: startedAt,
          isUploaded: false,
        },
        options,
      );
    } catch (lookupError) {
      if (options.signal?.aborted) throw new ApiError({ kind: 'aborted', operation: 'createRecording' });
      if (isApiError(lookupError, 'auth')) throw lookupError;
      throw error;
    }
    if (matches.length === 0) return { status: 'not-created', cause: unknown.cause };
    return { status: 'orphaned', audioIds: matches.map((recording) => recording.id), cause: unknown.cause };
  }
}

export interface CreatedOnce {
  recording: CreatedRecording;
  /** When the successful create started (client clock): its upload links are valid from then. */
  startedAt: number;
  /**
   * Recordings whose create answer was lost (they exist, but without upload links) and that were
   * moved to the trash before creating again.
   */
  trashedOrphans: number[];
}

/**
 * Creates a recording for an upload, at most twice, never blindly. When the create answer is lost
 * the space is searched for it (`createRecordingChecked`). Not created: create again, once. Created
 * without links: the orphan is moved to the trash (recoverable) and the recording is created again,
 * once; its id is reported in `trashedOrphans` (on a failure too, in the error's info).
 */
export async function createRecordingSafely(
  client: ApiClient,
  spaceId: number,
  body: CreateRecordingBody,
  options: CallOptions = {},
): Promise<CreatedOnce> {
  const trashedOrphans: number[] = [];
  try {
    let created = await createRecordingChecked(client, spaceId, body, options);
    if (created.status !== 'created') {
      if (created.status === 'orphaned') {
        await client.deleteRecordings(spaceId, created.audioIds, options);
        trashedOrphans.push(...created.audioIds);
      }
      created = await createRecordingChecked(client, spaceId, body, options);
      if (created.status !== 'created') {
        throw new ApiError({
          kind: 'outcome-unknown',
          operation: 'createRecording',
          check: created.status === 'orphaned' ? 'delete-orphan' : 'recent-recordings',
          title: body.title,
          ...(created.status === 'orphaned' ? { audioId: created.audioIds[0] } : {}),
          ...(created.cause ? { cause: created.cause } : {}),
        });
      }
    }
    return { recording: created.recording, startedAt: created.startedAt, trashedOrphans };
  } catch (error) {
    // Say which orphans were already moved to the trash, so the caller does not count them as lost.
    if (trashedOrphans.length > 0 && error instanceof ApiError) {
      throw new ApiError({ ...error.info, trashedOrphans: [...trashedOrphans] });
    }
    throw error;
  }
}

/**
 * Complete upload, never blind: when the outcome is unknown, the upload status is read first;
 * `is_uploaded: true` means done, false means complete is called again (at most 3 calls). A repeated
 * complete that the service refuses (4xx) after an unknown outcome means the first one was taken.
 */
export async function completeUploadSafely(
  client: ApiClient,
  spaceId: number,
  audioId: number,
  parts: UploadedPart[],
  options: CallOptions = {},
): Promise<void> {
  const pauses = RETRY_PAUSES.read;
  for (let call = 0; ; call += 1) {
    try {
      await client.completeUpload(spaceId, audioId, parts, options);
      return;
    } catch (error) {
      const previousUnknown = call > 0;
      if (
        previousUnknown &&
        isApiError(error) &&
        (error.info.kind === 'validation' || error.info.kind === 'http')
      ) {
        return;
      }
      if (!isApiError(error, 'outcome-unknown')) throw error;
      let recording: Recording;
      try {
        recording = await client.getRecordingInfo(spaceId, audioId, options);
      } catch (infoError) {
        if (isApiError(infoError, 'auth') || isApiError(infoError, 'aborted')) throw infoError;
        throw new ApiError({ ...error.info, audioId });
      }
      if (recording.is_uploaded) return;
      if (call >= pauses.length - 1) throw new ApiError({ ...error.info, audioId });
      await pause(client.deps.sleep, pauses[call] ?? 2_000, options.signal, 'completeUpload');
    }
  }
}

export type BotOutcome =
  | { status: 'sent'; request: BotRequest; confirmedBy: 'answer' | 'resend' }
  /** The resend answered code 5: the first call had taken effect; its request id is unknown. */
  | { status: 'sent'; request: null; confirmedBy: 'busy-check' };

/**
 * Sends a bot without ever creating two requests. `alreadyAttempted`: an earlier attempt (e.g. by a
 * service worker that died) may have taken effect, so code 5 on the first call confirms it too.
 */
export async function sendBotSafely(
  client: ApiClient,
  spaceId: number,
  body: SendBotBody,
  options: CallOptions & { alreadyAttempted?: boolean } = {},
): Promise<BotOutcome> {
  try {
    return { status: 'sent', request: await client.sendBot(spaceId, body, options), confirmedBy: 'answer' };
  } catch (error) {
    if (options.alreadyAttempted && isApiError(error, 'bot-busy')) {
      return { status: 'sent', request: null, confirmedBy: 'busy-check' };
    }
    if (!isApiError(error, 'outcome-unknown')) throw error;
    try {
      await pause(client.deps.sleep, settlePauseMs(client, error.info.cause), options.signal);
      return { status: 'sent', request: await client.sendBot(spaceId, body, options), confirmedBy: 'resend' };
    } catch (resendError) {
      if (isApiError(resendError, 'bot-busy'))
        return { status: 'sent', request: null, confirmedBy: 'busy-check' };
      throw resendError;
    }
  }
}

export interface StartOutcome {
  status: 'started';
  /** `answer`: classify answered 201. `result-check`: the result endpoint shows processing exists. */
  confirmedBy: 'answer' | 'result-check';
  requestId?: string;
}

type ResultCheck = 'started' | 'not-started' | 'unknown';

async function checkStarted(
  client: ApiClient,
  spaceId: number,
  audioId: number,
  options: CallOptions,
): Promise<ResultCheck> {
  try {
    await client.getResult(spaceId, audioId, options);
    return 'started';
  } catch (error) {
    if (isApiError(error, 'not-found')) return 'not-started';
    // The result endpoint answers 500 when processing failed, which means it had started. Charges
    // are sacred: on a lasting 5xx, classify is not called again.
    if (isApiError(error, 'server')) return 'started';
    if (isApiError(error, 'auth') || isApiError(error, 'aborted')) throw error;
    return 'unknown';
  }
}

/**
 * Starts processing without ever charging twice. `alreadyAttempted`: a previous attempt (e.g. by a
 * service worker that died) may have taken effect, so the result endpoint is asked first.
 * Balance errors are completed with the recording's duration and the space name when they can be read.
 */
export async function startProcessingSafely(
  client: ApiClient,
  spaceId: number,
  audioId: number,
  options: CallOptions & { alreadyAttempted?: boolean } = {},
): Promise<StartOutcome> {
  const unknownOutcome = (cause?: TransportErrorInfo) =>
    new ApiError({
      kind: 'outcome-unknown',
      operation: 'startProcessing',
      check: 'processing-result',
      audioId,
      ...(cause ? { cause } : {}),
    });
  if (options.alreadyAttempted) {
    const check = await checkStarted(client, spaceId, audioId, options);
    if (check === 'started') return { status: 'started', confirmedBy: 'result-check' };
    if (check === 'unknown') throw unknownOutcome();
  }
  let calls = 0;
  for (;;) {
    calls += 1;
    try {
      const answer = await client.startProcessing(audioId, options);
      return answer.request_id == null
        ? { status: 'started', confirmedBy: 'answer' }
        : { status: 'started', confirmedBy: 'answer', requestId: String(answer.request_id) };
    } catch (error) {
      if (isApiError(error, 'insufficient-balance'))
        throw await withBalanceContext(client, spaceId, audioId, error);
      if (!isApiError(error, 'outcome-unknown')) throw error;
      await pause(client.deps.sleep, settlePauseMs(client, error.info.cause), options.signal);
      const check = await checkStarted(client, spaceId, audioId, options);
      if (check === 'started') return { status: 'started', confirmedBy: 'result-check' };
      if (check === 'unknown' || calls >= 2) throw unknownOutcome(error.info.cause);
      // 404: processing was not started, so calling classify again cannot charge twice.
    }
  }
}

async function withBalanceContext(
  client: ApiClient,
  spaceId: number,
  audioId: number,
  error: ApiError & { info: { kind: 'insufficient-balance' } },
): Promise<ApiError> {
  const info = { ...error.info };
  const [recording, space] = await Promise.allSettled([
    client.getRecordingInfo(spaceId, audioId, { retry: false }),
    client.getSpace(spaceId, { retry: false }),
  ]);
  if (recording.status === 'fulfilled' && recording.value.duration != null)
    info.neededSeconds = recording.value.duration;
  if (space.status === 'fulfilled') info.spaceName = space.value.name;
  return new ApiError(info);
}
