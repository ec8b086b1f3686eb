/** The typed client of the Meeting Recording Processing Service. The one way the extension talks to it. */
export {
  type ApiClient,
  type ApiClientOptions,
  type ByUrlBody,
  type CallOptions,
  type ClientDeps,
  type CreateRecordingBody,
  createApiClient,
  DEFAULT_TIMEOUT_MS,
  type ListRecordingsQuery,
  type ReadOptions,
  type SendBotBody,
  type UploadPartOptions,
  VIDEO_SITE_PATH,
} from './client';
export {
  ApiError,
  type ApiErrorInfo,
  type ApiErrorKind,
  type AuthReason,
  errorFromResponse,
  isApiError,
  isTransportFailure,
  type Operation,
  type OutcomeCheck,
  type TransportErrorInfo,
  toApiErrorInfo,
  type UnsafeOperation,
} from './errors';
export { RETRY_PAUSES, type Sleep } from './http';
export {
  DEFAULT_PAGE_SIZE,
  escapeRegex,
  exactTitlePattern,
  type PageQuery,
  paginate,
  take,
} from './pagination';
export {
  classifyResultResponse,
  type ResultResponse,
  type ResultStep,
  SERVER_ERROR_FAILURE_MS,
} from './poll';
export {
  type BotOutcome,
  CLOCK_SKEW_TOLERANCE_MS,
  type CreatedOnce,
  completeUploadSafely,
  createRecordingChecked,
  createRecordingSafely,
  findRecordings,
  type MatchCriteria,
  type SafeCreateOutcome,
  type StartOutcome,
  sendBotSafely,
  startProcessingSafely,
} from './safe';
export * from './schemas';
export {
  DAY_MS,
  memorySessionStore,
  needsRenewal,
  renewalMarginMs,
  type Session,
  type SessionStore,
} from './session';
export {
  inferTimeUnit,
  type NormalizedDialog,
  normalizeDialog,
  type TimeUnit,
  type TopicBlock,
  type Utterance,
} from './units';
export {
  contentTypeFor,
  extensionOf,
  MAX_TITLE_LENGTH,
  normalizeTitle,
  partRanges,
  UPLOAD_LINK_LIFETIME_MS,
  UPLOAD_LINK_SAFETY_MS,
} from './upload';
