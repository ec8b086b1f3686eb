import { useEffect, useRef, useState } from 'preact/hooks';
import type { ProcessingResult, Recording } from '@/lib/api/schemas';
import { activeJobFor, recordingStatus } from '@/lib/format/status';
import { formatDateTime, formatDuration } from '@/lib/format/time';
import { type ErrorInfo, sendMessage } from '@/lib/messaging';
import { lang, text } from '../lang';
import { ErrorMessage, Protocol, Skeleton, StatusChip } from '../ui';
import { lazyView } from './lazy';
import { viewerUrl } from './links';
import { ProcessDialog } from './ProcessDialog';
import { currentSpace, jobs, probes } from './store';

/** The names the meeting page suggests for a ready result kept in the archive (loaded with it). */
const PageNames = lazyView(() => import('../viewer/PageNames').then((module) => module.PageNames), {
  quiet: true,
});

/**
 * The suggested sources of the protocol's lines, as plain data from the background (loaded with a
 * ready result; the popup never carries the linker).
 */
const Sources = lazyView(() => import('../sources/PopupSources').then((module) => module.PopupSources), {
  quiet: true,
});

type ResultState =
  | { state: 'loading' }
  | { state: 'error'; error: ErrorInfo }
  | { state: 'done'; result: ProcessingResult | null };

/** No names given (one object, so the sources are not asked for again at each render). */
const NO_NAMES: Record<string, string> = {};

/** The popup's view of one recording: status and, when ready, the rendered protocol. */
export function RecordingDetail({ recording, onBack }: { recording: Recording; onBack: () => void }) {
  const m = text.value;
  const status = recordingStatus(recording, {
    job: activeJobFor(recording.id, jobs.value),
    probe: probes.value[recording.id],
  });
  const wantsResult = status === 'ready' || status === 'failed' || status === 'processing';
  const [result, setResult] = useState<ResultState>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [processing, setProcessing] = useState(false);
  /** Speaker names given in this browser; null: the result is not kept in the archive. */
  const [renamed, setRenamed] = useState<Record<string, string> | null>(null);
  const protocolRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!wantsResult) return;
    let live = true;
    setResult({ state: 'loading' });
    void sendMessage('recording.result', {
      spaceId: recording.space_id,
      audioId: recording.id,
      shown: true,
    }).then((answer) => {
      if (!live) return;
      setRenamed(answer.ok && answer.data?.archived ? answer.data.archived.speakerMap : null);
      setResult(answer.ok ? { state: 'done', result: answer.data } : { state: 'error', error: answer.error });
    });
    return () => {
      live = false;
    };
  }, [recording.id, recording.space_id, wantsResult, attempt]);

  let body = null;
  if (status === 'upload-pending' || status === 'downloading')
    body = <p class="muted">{m.uploadPendingNote}</p>;
  else if (status === 'ready-to-process' || status === 'checking')
    body = (
      <div>
        <p class="muted">{m.notProcessed}</p>
        {status === 'ready-to-process' && (
          <button type="button" class="primary" onClick={() => setProcessing(true)}>
            {m.startProcessing}
          </button>
        )}
      </div>
    );
  else if (result.state === 'loading') body = <Skeleton lines={6} label={m.resultLoading} />;
  else if (result.state === 'error')
    body = <ErrorMessage error={result.error} onRetry={() => setAttempt((n) => n + 1)} />;
  else {
    const data = result.result;
    if (!data?.classified) body = <p class="muted">{m.resultNotReady}</p>;
    else if (!data.success || !data.result) body = <div class="alert error">{m.resultFailed}</div>;
    else
      body = (
        <>
          {renamed && (
            <PageNames
              spaceId={recording.space_id}
              audioId={recording.id}
              result={data}
              duration={recording.duration ?? null}
              renamed={renamed}
              onRename={async (speakerId, name) => {
                const answer = await sendMessage('archive.renameVoice', {
                  spaceId: recording.space_id,
                  audioId: recording.id,
                  speakerId,
                  name,
                });
                if (!answer.ok || !answer.data) return false;
                setRenamed(answer.data);
                return true;
              }}
              onEdit={() =>
                void window.open(`${viewerUrl(recording.space_id, recording.id)}&tab=speakers`, '_blank')
              }
            />
          )}
          <div ref={protocolRef}>
            {data.result.protocol.trim() !== '' && (
              <Sources
                container={protocolRef}
                spaceId={recording.space_id}
                audioId={recording.id}
                duration={recording.duration ?? null}
                result={data}
                renamed={renamed ?? NO_NAMES}
              />
            )}
            <Protocol markdown={data.result.protocol} />
          </div>
        </>
      );
  }

  return (
    <article class="detail" aria-labelledby="detail-title" data-testid="recording-detail">
      <div class="row">
        <button type="button" class="ghost small" onClick={onBack}>
          ← {m.back}
        </button>
        <span class="spacer" />
        {status === 'ready' && (
          <a
            class="button small"
            href={viewerUrl(recording.space_id, recording.id)}
            target="_blank"
            rel="noopener"
          >
            {m.openInViewer} ↗
          </a>
        )}
      </div>
      <h2 id="detail-title" class="detail-title">
        {recording.title}
      </h2>
      <div class="row small-text muted">
        <span>{formatDateTime(recording.created_at, lang.value)}</span>
        <span aria-hidden="true">·</span>
        <span>{recording.duration ? formatDuration(recording.duration, lang.value) : m.durationUnknown}</span>
        <span class="spacer" />
        <StatusChip status={status} />
      </div>
      <section aria-label={m.protocol} class="detail-body">
        {body}
      </section>
      <ProcessDialog
        recording={processing ? recording : null}
        space={currentSpace.value}
        onClose={() => setProcessing(false)}
      />
    </article>
  );
}
