/**
 * What pages may use of the jobs: the model and its descriptions (failures: lib/failures). The
 * engine and the store are the background's (lib/jobs/engine.ts, lib/jobs/store.ts) and are not
 * re-exported here.
 */
export { describeJob } from './describe';
export {
  BOT_RECORDING_LIMIT_MS,
  LINK_DOWNLOAD_LIMIT_MS,
  POLL_INTERVAL_MS,
  VIDEO_DOWNLOAD_LIMIT_MS,
} from './limits';
export * from './types';
