import { useEffect, useState } from 'preact/hooks';
import type { Recording } from '@/lib/api/schemas';
import { formatDateTime, formatDuration } from '@/lib/format/time';
import { type ErrorInfo, sendMessage } from '@/lib/messaging';
import { lang, text } from '../lang';
import { Empty, ErrorMessage, Skeleton, StatusChip } from '../ui';
import { PAGE_SIZE, spaceId } from './store';

/** Recordings of the current space that were moved to the trash. */
export function Trash({ onBack }: { onBack: () => void }) {
  const m = text.value;
  const [items, setItems] = useState<Recording[] | null>(null);
  const [count, setCount] = useState(0);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async (offset: number) => {
    const id = spaceId.value;
    if (id === null) return;
    setBusy(true);
    const answer = await sendMessage('recordings.trash', { spaceId: id, limit: PAGE_SIZE, offset });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    setError(null);
    setCount(answer.data.count);
    setItems((previous) =>
      offset === 0 ? answer.data.results : [...(previous ?? []), ...answer.data.results],
    );
  };

  useEffect(() => {
    void load(0);
  }, [spaceId.value]);

  return (
    <section aria-labelledby="trash-title" data-testid="trash">
      <div class="row">
        <button type="button" class="ghost small" onClick={onBack}>
          ← {m.back}
        </button>
      </div>
      <h2 id="trash-title" class="section-title">
        {m.trash}
      </h2>
      <p class="muted small-text">{m.trashNote}</p>
      {error && <ErrorMessage error={error} onRetry={() => void load(items?.length ?? 0)} />}
      {items === null ? (
        !error && <Skeleton lines={4} />
      ) : items.length === 0 ? (
        <Empty title={m.trashEmpty} />
      ) : (
        <ul class="plain-list recording-list">
          {items.map((recording) => (
            <li key={recording.id} class="recording trashed" data-testid="trash-item">
              <div class="recording-main">
                <span class="recording-title">{recording.title}</span>
                <div class="row small-text muted">
                  <span>{formatDateTime(recording.created_at, lang.value)}</span>
                  <span aria-hidden="true">·</span>
                  <span>
                    {recording.duration ? formatDuration(recording.duration, lang.value) : m.durationUnknown}
                  </span>
                  <span class="spacer" />
                  <StatusChip status="trash" />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {items !== null && items.length < count && (
        <button type="button" class="load-more" disabled={busy} onClick={() => void load(items.length)}>
          {busy ? m.loading : m.loadMore}
        </button>
      )}
    </section>
  );
}
