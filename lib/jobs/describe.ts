/**
 * What a job is doing as a sentence a person understands; why it ended badly is worded by the one
 * describer of failures (lib/failures). English is here; the Russian (./describe-ru.ts) is provided
 * by the pages' catalog and by the worker at its start (lib/background/texts-provided.ts).
 */
import { describeJobFailure } from '@/lib/failures';
import { megabytesPerSecond } from '@/lib/format/megabytes';
import type { Lang } from '@/lib/i18n';
import { lazyTexts } from '@/lib/lazy-texts';
import { siteOf } from '@/lib/url/site';
import type { Job } from './types';

const en = {
  requesting: 'Sending the bot to the meeting…',
  waitingMeeting: 'The bot is in the meeting. The recording arrives after the meeting ends.',
  submittingLink: 'Submitting the link…',
  submittingVideo: 'Submitting the video page…',
  downloading: 'The service is downloading the recording…',
  uploading: (percent: number, speed?: string) => `Uploading: ${percent}%${speed ? ` (${speed} MB/s)` : ''}`,
  assembling: 'The service is assembling the uploaded file…',
  starting: 'Starting processing…',
  processing: 'Processing…',
  uploaded: 'Uploaded: the recording is ready to process.',
  ready: 'The protocol is ready.',
  cancelled: 'Cancelled.',
  blockedSignIn: 'Sign in again to continue.',
  blockedPermission: 'Allow the extension to reach the service (options) to continue.',
  blockedSite: (site: string) =>
    `Waiting for access to ${site}, where recordings are uploaded: allow it in Meeting Capture to continue.`,
};

export type JobTexts = typeof en;

/** The job state texts by language: English here, others provided where they come into force. */
export const jobTextRegistry = lazyTexts<JobTexts>('job state', en);

/** The job's state in one sentence (its failure's reason when it failed). */
export function describeJob(job: Job, lang: Lang): string {
  const t = jobTextRegistry.get(lang);
  const state = (() => {
    switch (job.phase) {
      case 'requesting':
        return t.requesting;
      case 'waiting-meeting':
        return t.waitingMeeting;
      case 'submitting':
        return job.intent === 'video' ? t.submittingVideo : t.submittingLink;
      case 'downloading':
        return t.downloading;
      case 'uploading': {
        const total = job.upload?.totalBytes ?? job.size ?? 0;
        const percent = total > 0 ? Math.floor(((job.upload?.sentBytes ?? 0) * 100) / total) : 0;
        const speed = job.upload?.bytesPerSecond ? megabytesPerSecond(job.upload.bytesPerSecond) : undefined;
        return t.uploading(percent, speed);
      }
      case 'assembling':
        return t.assembling;
      case 'starting':
        return t.starting;
      case 'processing':
        return t.processing;
      case 'uploaded':
        return t.uploaded;
      case 'ready':
        return t.ready;
      case 'cancelled':
        return t.cancelled;
      case 'failed':
        return describeJobFailure(job.failure, lang);
    }
  })();
  if (job.blocked === 'sign-in') return `${state} ${t.blockedSignIn}`;
  if (job.blocked === 'permission') return `${state} ${t.blockedPermission}`;
  if (job.blocked === 'site') return `${state} ${t.blockedSite(siteOf(job.blockedOrigin ?? ''))}`;
  return state;
}
