import { useState } from 'preact/hooks';
import type { Recording, Space } from '@/lib/api/schemas';
import { activeJobFor, recordingStatus } from '@/lib/format/status';
import { formatBytes, formatDate, formatDateTime, formatDuration, formatSpeed } from '@/lib/format/time';
import { isTerminal, type Job } from '@/lib/jobs/types';
import type { ErrorInfo } from '@/lib/messaging';
import { originPattern } from '@/lib/permissions';
import { siteOf } from '@/lib/url/site';
import { describeJobFailure } from '../failures';
import { lang, text } from '../lang';
import { ConfirmDialog, Empty, ErrorMessage, Notice, Skeleton, StatusChip } from '../ui';
import { lazyView } from './lazy';
import { viewerUrl } from './links';
import { requestMissingOrigins } from './permission';
import {
  cancelJob,
  currentSpace,
  dismissJob,
  fromCache,
  jobs,
  jobsError,
  loadingMore,
  loadJobs,
  loadMore,
  loadRecordings,
  loadSpaces,
  notice,
  orderedSpaces,
  probes,
  recordInstead,
  recordings,
  recordingsCount,
  recordingsError,
  recordingsLoad,
  searchRegex,
  searchText,
  selected,
  selectSpace,
  setSearch,
  spaceId,
  spaces,
  spacesError,
  toggleSelected,
  trashSelected,
} from './store';

// Loaded after the first paint (it is mounted with the list, closed): the first click finds it ready.
const ProcessDialog = lazyView(() => import('./ProcessDialog').then((module) => module.ProcessDialog), {
  quiet: true,
});
const IncidentNotes = lazyView(() => import('./IncidentNotes').then((module) => module.IncidentNotes), {
  quiet: true,
});

export type Navigate = (
  view: { name: 'recording'; recording: Recording } | { name: 'upload' | 'trash' },
) => void;

export function SpacePicker() {
  const m = text.value;
  if (spaces.value === null) {
    return spacesError.value ? (
      <ErrorMessage error={spacesError.value} onRetry={() => void loadSpaces()} />
    ) : (
      <Skeleton lines={1} />
    );
  }
  return (
    <div class="field space-picker">
      <label for="space">{m.space}</label>
      <select
        id="space"
        value={String(spaceId.value ?? '')}
        onChange={(event) => selectSpace(Number(event.currentTarget.value))}
      >
        {orderedSpaces.value.map((item) => (
          <option key={item.space.id} value={String(item.space.id)}>
            {item.is_main_space ? m.mainSpace(item.space.name) : item.space.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function BalanceCard({ space }: { space: Space | null }) {
  const m = text.value;
  if (!space) return <Skeleton lines={2} />;
  const subscription = space.subscribe;
  if (!subscription) {
    return (
      <section class="card balance" aria-label={m.timeLeft} data-testid="balance">
        <p class="muted">{m.noSubscription}</p>
      </section>
    );
  }
  const left = formatDuration(subscription.available_usage_count, lang.value);
  return (
    <section class="card balance" aria-labelledby="balance-title" data-testid="balance">
      <div class="row">
        <div>
          <h2 id="balance-title" class="label">
            {m.timeLeft}
          </h2>
          <p class="balance-value" data-testid="balance-value">
            {left}
          </p>
        </div>
        <div class="spacer" />
        <div class="balance-meta">
          {subscription.offer?.name && (
            <div data-testid="plan">
              <span class="muted">{m.plan}: </span>
              {subscription.offer.name}
            </div>
          )}
          {subscription.end_date && (
            <div class="muted small-text" data-testid="period-end">
              {m.periodEnds(formatDate(subscription.end_date, lang.value))}
            </div>
          )}
        </div>
      </div>
      {!subscription.is_active && (
        <div class="alert warn" role="status" data-testid="subscription-inactive">
          {m.subscriptionInactive}
        </div>
      )}
    </section>
  );
}

function jobTitle(job: Job): string {
  return job.title ?? job.sourceUrl ?? text.value.untitled;
}

/**
 * An upload waiting for its storage's site (a recording stopped by itself, with nobody's click to
 * ask in): asked for here, in the person's click; the background goes on once it is granted.
 */
function NeedsSite({ origin, onRefused }: { origin: string; onRefused: (error: ErrorInfo) => void }) {
  const m = text.value;
  return (
    <div class="alert warn small-text" role="status" data-testid="job-needs-site">
      <p>{m.jobNeedsSite(siteOf(origin))}</p>
      <button
        type="button"
        class="small"
        onClick={() => {
          // First thing in the click: the permission prompt needs the person's gesture.
          void requestMissingOrigins([originPattern(origin)]).then((granted) => {
            if (!granted) onRefused({ kind: 'permission-denied', origin });
          });
        }}
      >
        {m.allowSite}
      </button>
    </div>
  );
}

function JobRow({ job }: { job: Job }) {
  const m = text.value;
  const [error, setError] = useState<ErrorInfo | null>(null);
  const title = jobTitle(job);
  const terminal = isTerminal(job.phase);
  const upload = job.upload;
  const percent =
    upload && upload.totalBytes > 0 ? Math.floor((upload.sentBytes / upload.totalBytes) * 100) : 0;
  const run = async (action: () => Promise<ErrorInfo | null>) => setError(await action());
  // Nothing until the failure sentences are loaded (components/failures.ts).
  const failure = job.failure ? describeJobFailure(job.failure, lang.value) : '';
  return (
    <li class="job" data-testid="job" data-phase={job.phase}>
      <div class="row">
        <span class="job-title" title={title}>
          {title}
        </span>
        <span class="spacer" />
        {terminal ? (
          <button
            type="button"
            class="ghost small"
            aria-label={m.dismissJobNamed(title)}
            onClick={() => void run(() => dismissJob(job.id))}
          >
            ×
          </button>
        ) : (
          (job.intent === 'upload' || job.intent === 'link' || job.intent === 'video') &&
          job.phase !== 'processing' &&
          job.phase !== 'starting' && (
            <button
              type="button"
              class="small"
              aria-label={m.cancelJobNamed(title)}
              onClick={() => void run(() => cancelJob(job.id))}
            >
              {m.cancelJob}
            </button>
          )
        )}
      </div>
      <div class="muted small-text" data-testid="job-phase">
        {m.jobPhase(job.phase)}
        {job.spaceName ? ` · ${job.spaceName}` : ''}
      </div>
      {job.phase === 'uploading' && upload && (
        <div class="job-progress">
          <progress max={100} value={percent} aria-label={`${title}: ${percent}%`} />
          <div class="row small-text muted">
            <span data-testid="upload-progress">
              {m.uploadProgress(
                formatBytes(upload.sentBytes, lang.value),
                formatBytes(upload.totalBytes, lang.value),
                percent,
              )}
            </span>
            <span class="spacer" />
            {upload.bytesPerSecond !== undefined && upload.bytesPerSecond > 0 && (
              <span data-testid="upload-speed">{formatSpeed(upload.bytesPerSecond, lang.value)}</span>
            )}
          </div>
        </div>
      )}
      {failure && <div class="alert error small-text">{failure}</div>}
      {job.blocked === 'site' && job.blockedOrigin && (
        <NeedsSite origin={job.blockedOrigin} onRefused={setError} />
      )}
      {job.intent === 'bot' && job.phase === 'failed' && job.sourceUrl && (
        <button
          type="button"
          class="small"
          onClick={() => {
            recordInstead.value = { link: job.sourceUrl ?? '', spaceId: job.spaceId };
          }}
        >
          {m.recordInstead}
        </button>
      )}
      {job.incidents && job.incidents.length > 0 && <IncidentNotes incidents={job.incidents} />}
      <ErrorMessage error={error} />
    </li>
  );
}

export function JobsList() {
  const m = text.value;
  const list = jobs.value;
  const error = jobsError.value;
  if (list.length === 0 && !error) return null;
  const shown = [
    ...list.filter((job) => !isTerminal(job.phase)),
    ...list.filter((job) => isTerminal(job.phase)).slice(0, 5),
  ];
  return (
    <section aria-labelledby="jobs-title" class="jobs" data-testid="jobs">
      <h2 id="jobs-title" class="section-title">
        {m.activeJobs}
      </h2>
      <ErrorMessage error={error} onRetry={loadJobs} />
      <ul class="plain-list">
        {shown.map((job) => (
          <JobRow key={job.id} job={job} />
        ))}
      </ul>
    </section>
  );
}

function RecordingRow({
  recording,
  onOpen,
  onProcess,
}: {
  recording: Recording;
  onOpen: () => void;
  onProcess: () => void;
}) {
  const m = text.value;
  const status = recordingStatus(recording, {
    job: activeJobFor(recording.id, jobs.value),
    probe: probes.value[recording.id],
  });
  const checked = selected.value.has(recording.id);
  return (
    <li class="recording" data-testid="recording" data-id={recording.id} data-status={status}>
      <input
        type="checkbox"
        checked={checked}
        aria-label={m.selectRecording(recording.title)}
        onChange={(event) => toggleSelected(recording.id, event.currentTarget.checked)}
      />
      <div class="recording-main">
        <div class="recording-head">
          <button type="button" class="link-button recording-title" onClick={onOpen} title={recording.title}>
            {recording.title}
          </button>
          <StatusChip status={status} />
        </div>
        <div class="row small-text muted recording-meta">
          <span>{formatDateTime(recording.created_at, lang.value)}</span>
          <span aria-hidden="true">·</span>
          <span>
            {recording.duration ? formatDuration(recording.duration, lang.value) : m.durationUnknown}
          </span>
        </div>
        {(status === 'ready-to-process' || status === 'ready') && (
          <div class="row recording-actions">
            {status === 'ready-to-process' && (
              <button
                type="button"
                class="small"
                aria-label={m.startProcessingNamed(recording.title)}
                onClick={onProcess}
              >
                {m.startProcessing}
              </button>
            )}
            {status === 'ready' && (
              <a
                class="button small ghost"
                href={viewerUrl(recording.space_id, recording.id)}
                target="_blank"
                rel="noopener"
                aria-label={m.openInViewerNamed(recording.title)}
              >
                {m.openInViewer} ↗
              </a>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

export function RecordingList({ navigate }: { navigate: Navigate }) {
  const m = text.value;
  const [processing, setProcessing] = useState<Recording | null>(null);
  const [confirmTrash, setConfirmTrash] = useState(false);
  const [trashBusy, setTrashBusy] = useState(false);
  const [trashError, setTrashError] = useState<ErrorInfo | null>(null);
  const list = recordings.value;
  const load = recordingsLoad.value;
  const query = searchText.value.trim();
  const count = selected.value.size;

  const doTrash = async () => {
    setTrashBusy(true);
    const moved = selected.value.size;
    const failure = await trashSelected();
    setTrashBusy(false);
    setTrashError(failure);
    setConfirmTrash(false);
    if (!failure) notice.value = m.movedToTrash(moved);
  };

  return (
    <section aria-labelledby="recordings-title" class="recordings">
      <div class="row">
        <h2 id="recordings-title" class="section-title">
          {m.recentRecordings}
        </h2>
        <span class="spacer" />
        {load === 'ready' && list.length > 0 && (
          <span class="muted small-text" data-testid="shown-of">
            {m.shownOf(list.length, recordingsCount.value)}
          </span>
        )}
      </div>
      <search class="search">
        <label for="search" class="visually-hidden">
          {m.search}
        </label>
        <input
          id="search"
          type="search"
          placeholder={m.searchPlaceholder}
          value={searchText.value}
          onInput={(event) => setSearch(event.currentTarget.value, searchRegex.value)}
        />
        <label class="check small-text">
          <input
            type="checkbox"
            checked={searchRegex.value}
            onChange={(event) => setSearch(searchText.value, event.currentTarget.checked)}
          />
          {m.useRegex}
        </label>
      </search>
      {count > 0 && (
        <section class="bulk-bar row" aria-label={m.selectedCount(count)}>
          <span data-testid="selected-count">{m.selectedCount(count)}</span>
          <span class="spacer" />
          <button type="button" class="small ghost" onClick={() => (selected.value = new Set())}>
            {m.clearSelection}
          </button>
          <button type="button" class="small danger" onClick={() => setConfirmTrash(true)}>
            {m.moveToTrash}
          </button>
        </section>
      )}
      <ErrorMessage error={trashError} />
      {load === 'error' && list.length === 0 ? (
        <ErrorMessage error={recordingsError.value} onRetry={() => void loadRecordings()} />
      ) : (load === 'loading' || load === 'idle') && list.length === 0 ? (
        <Skeleton lines={6} />
      ) : list.length === 0 ? (
        query ? (
          <Empty title={m.noMatches(query)} />
        ) : (
          <Empty title={m.noRecordings} hint={m.noRecordingsHint} />
        )
      ) : (
        <>
          <ul class="plain-list recording-list" aria-busy={fromCache.value} data-testid="recording-list">
            {list.map((recording) => (
              <RecordingRow
                key={recording.id}
                recording={recording}
                onOpen={() => navigate({ name: 'recording', recording })}
                onProcess={() => setProcessing(recording)}
              />
            ))}
          </ul>
          {recordingsError.value && load !== 'error' && (
            <ErrorMessage error={recordingsError.value} onRetry={() => void loadMore()} />
          )}
          {list.length < recordingsCount.value && (
            <button
              type="button"
              class="load-more"
              disabled={loadingMore.value}
              onClick={() => void loadMore()}
            >
              {loadingMore.value ? m.loading : m.loadMore}
            </button>
          )}
        </>
      )}
      <ProcessDialog recording={processing} space={currentSpace.value} onClose={() => setProcessing(null)} />
      <ConfirmDialog
        open={confirmTrash}
        title={m.moveToTrashConfirm(count)}
        confirmLabel={m.moveToTrash}
        danger
        busy={trashBusy}
        onConfirm={() => void doTrash()}
        onClose={() => setConfirmTrash(false)}
      >
        <p class="small-text muted">{m.moveToTrashNote}</p>
      </ConfirmDialog>
    </section>
  );
}

export function NoticeBar() {
  if (!notice.value) return null;
  return (
    <Notice>
      <div class="row">
        <span>{notice.value}</span>
        <span class="spacer" />
        <button
          type="button"
          class="ghost small"
          aria-label={text.value.close}
          onClick={() => (notice.value = null)}
        >
          ×
        </button>
      </div>
    </Notice>
  );
}
