/**
 * Options → "Meetings kept for search": how much of each space the local archive holds, with
 * "Clear" per space. Signing out clears all of it (the background does that with the session, and
 * says so on the archive's channel: the list is read again).
 */
import { useEffect, useState } from 'preact/hooks';
import { ARCHIVE_CHANNEL } from '@/lib/archive/store';
import { formatBytes } from '@/lib/format/time';
import { sendMessage } from '@/lib/messaging';
import { lang } from '../lang';
import { ErrorMessage, Notice } from '../ui';
import { useList } from '../use-list';
import { searchText } from './texts';
import './search.css';

export function ArchiveSection({ spaceNames }: { spaceNames: Record<number, string> }) {
  const t = searchText.value;
  const { data: rows, error, setError, load } = useList(() => sendMessage('archive.summary', {}));
  const [notice, setNotice] = useState<string | null>(null);
  // The archive changed (a meeting kept, or all of it wiped with the session at a sign-out, a new
  // service or a session ended): the sizes are read again, so no other account's stay on screen.
  useEffect(() => {
    const channel = new BroadcastChannel(ARCHIVE_CHANNEL);
    channel.onmessage = () => void load();
    return () => channel.close();
  }, []);

  const clear = async (spaceId: number) => {
    const answer = await sendMessage('archive.clearSpace', { spaceId });
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    setNotice(t.cleared);
    await load();
  };

  const name = (spaceId: number) => spaceNames[spaceId] ?? t.spaceNumbered(spaceId);
  return (
    <section aria-labelledby="opt-archive" class="card options-section" data-testid="archive-section">
      <h2 id="opt-archive">{t.archiveTitle}</h2>
      <p class="hint">{t.archiveHint}</p>
      {rows && rows.length === 0 && <p class="muted">{t.archiveEmpty}</p>}
      {rows && rows.length > 0 && (
        <ul class="archive-rows">
          {rows.map((row) => (
            <li key={row.spaceId} class="row wrap" data-testid="archive-row">
              <strong>{name(row.spaceId)}</strong>
              <span class="muted">{t.archiveRow(row.recordings, formatBytes(row.bytes, lang.value))}</span>
              <span class="spacer" />
              <button
                type="button"
                class="small"
                aria-label={t.clearSpace(name(row.spaceId))}
                onClick={() => void clear(row.spaceId)}
              >
                {t.clear}
              </button>
            </li>
          ))}
        </ul>
      )}
      {notice && <Notice>{notice}</Notice>}
      <ErrorMessage error={error} onRetry={() => void load()} />
    </section>
  );
}
