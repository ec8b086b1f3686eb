/**
 * The recordings set aside for a newer one (kept over the balance, after a refused upload, their
 * page gone), each with its length, its space and why it was kept: "Upload what was recorded" to
 * the space chosen, or "Discard". Nothing else removes one (lib/background/recording/kept.ts).
 */
import { useState } from 'preact/hooks';
import { formatDuration } from '@/lib/format/time';
import type { KeptRecording } from '@/lib/recording/view';
import { lang } from '../lang';
import { recorderText } from '../recorder-texts';
import { orderedSpaces } from './store';

export interface KeptRecordingsProps {
  kept: KeptRecording[];
  busy: boolean;
  /** Upload (to `spaceId`) or discard the kept recording `id`. */
  onAction: (action: 'upload' | 'discard', id: string, spaceId?: number) => void;
}

/** "Upload to": the spaces with the processing time left in each (the recorder's and each kept one's). */
export function SpaceSelect({
  label,
  value,
  onChange,
  testId,
}: {
  label?: string;
  value: number | null | undefined;
  onChange: (spaceId: number) => void;
  testId?: string;
}) {
  const t = recorderText.value;
  return (
    <label class="field small-text">
      {t.uploadTo}
      <select
        {...(label && { 'aria-label': label })}
        {...(testId && { 'data-testid': testId })}
        value={String(value ?? '')}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      >
        {orderedSpaces.value.map(({ space }) => (
          <option key={space.id} value={String(space.id)}>
            {t.spaceWithTime(
              space.name,
              formatDuration(space.subscribe?.available_usage_count ?? 0, lang.value),
            )}
          </option>
        ))}
      </select>
    </label>
  );
}

function KeptRow({ item, busy, onAction }: { item: KeptRecording } & Omit<KeptRecordingsProps, 'kept'>) {
  const t = recorderText.value;
  const spaces = orderedSpaces.value;
  const [target, setTarget] = useState<number | null>(null);
  const to = target ?? item.spaceId ?? spaces[0]?.space.id ?? null;
  const spaceName = spaces.find(({ space }) => space.id === item.spaceId)?.space.name ?? '—';
  const length = formatDuration(Math.round(item.recordedMs / 1000), lang.value);
  return (
    <li data-testid="kept-recording">
      <p>{t.keptItem(item.title, length, spaceName)}</p>
      <p class="small-text muted">
        {item.reason === 'interrupted' ? t.keptInterrupted : t.failed(item.reason)}
      </p>
      {spaces.length > 0 && <SpaceSelect label={t.keptSpace(item.title)} value={to} onChange={setTarget} />}
      <div class="row wrap">
        <button
          type="button"
          class="primary"
          disabled={busy}
          onClick={() => onAction('upload', item.id, to ?? undefined)}
        >
          {t.uploadRecorded(length)}
        </button>
        <button type="button" disabled={busy} onClick={() => onAction('discard', item.id)}>
          {t.discard}
        </button>
      </div>
    </li>
  );
}

export function KeptRecordings({ kept, busy, onAction }: KeptRecordingsProps) {
  const t = recorderText.value;
  if (kept.length === 0) return null;
  return (
    <div data-testid="kept-recordings">
      <h3 class="label">{t.keptTitle}</h3>
      <ul class="plain">
        {kept.map((item) => (
          <KeptRow key={item.id} item={item} busy={busy} onAction={onAction} />
        ))}
      </ul>
    </div>
  );
}
