import { useState } from 'preact/hooks';
import { formatDateTime, formatDuration } from '@/lib/format/time';
import { sendMessage } from '@/lib/messaging';
import { lang, text } from '../lang';
import { Empty, ErrorMessage, Skeleton, StatusChip } from '../ui';
import { useList } from '../use-list';
import { PAGE_SIZE, spaceId } from './store';

/** Recordings of the current space that were moved to the trash. */
export function Trash({ onBack }: { onBack: () => void }) {
  const m = text.value;
  const read = (offset: number) => {
    const id = spaceId.value;
    return id === null ? null : sendMessage('recordings.trash', { spaceId: id, limit: PAGE_SIZE, offset });
  };
  const { data: page, setData: setPage, error, setError, load } = useList(() => read(0), [spaceId.value]);
  const items = page?.results ?? null;
  const [busy, setBusy] = useState(false);

  const loadMore = async (offset: number) => {
    const reading = read(offset);
    if (!reading) return;
    setBusy(true);
    const answer = await reading;
    setBusy(false);
    if (!answer.ok) return setError(answer.error);
    setError(null);
    setPage({ count: answer.data.count, results: [...(items ?? []), ...answer.data.results] });
  };

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
      {error && <ErrorMessage error={error} onRetry={() => void (items ? loadMore(items.length) : load())} />}
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
      {items !== null && items.length < (page?.count ?? 0) && (
        <button type="button" class="load-more" disabled={busy} onClick={() => void loadMore(items.length)}>
          {busy ? m.loading : m.loadMore}
        </button>
      )}
    </section>
  );
}
