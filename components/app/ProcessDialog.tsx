/**
 * The confirmation before processing starts (it charges): the charge, the balance before and after.
 * Loaded after the home view's first paint (components/app/Home.tsx), not with it.
 */
import { useState } from 'preact/hooks';
import type { Recording, Space } from '@/lib/api/schemas';
import { formatDuration } from '@/lib/format/time';
import type { ErrorInfo } from '@/lib/messaging';
import { lang, text } from '../lang';
import { ConfirmDialog, ErrorMessage } from '../ui';
import { notice, startProcessing } from './store';

export function ProcessDialog({
  recording,
  space,
  onClose,
}: {
  recording: Recording | null;
  space: Space | null;
  onClose: () => void;
}) {
  const m = text.value;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const balance = space?.subscribe?.available_usage_count ?? null;
  const charge = recording?.duration ?? null;
  const after = balance !== null && charge !== null ? balance - charge : null;
  const unpaid = space?.subscribe ? !space.subscribe.is_active : false;
  const short = after !== null && after < 0;
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!recording) return;
    setBusy(true);
    const failure = await startProcessing(recording);
    setBusy(false);
    if (failure) {
      setError(failure);
      return;
    }
    notice.value = m.processStarted(recording.title);
    close();
  };
  return (
    <ConfirmDialog
      open={recording !== null}
      title={m.processTitle}
      confirmLabel={m.startProcessing}
      confirmDisabled={short || unpaid}
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={close}
    >
      {recording && (
        <div data-testid="process-dialog">
          <p class="dialog-subject">{recording.title}</p>
          <dl>
            <dt>{m.processCharge}</dt>
            <dd data-testid="charge">{charge === null ? '—' : formatDuration(charge, lang.value)}</dd>
            <dt>{m.processBalanceNow}</dt>
            <dd data-testid="balance-now">{balance === null ? '—' : formatDuration(balance, lang.value)}</dd>
            <dt>{m.processBalanceAfter}</dt>
            <dd data-testid="balance-after">
              {after === null ? '—' : formatDuration(Math.max(0, after), lang.value)}
            </dd>
          </dl>
          {charge === null && <p class="small-text muted">{m.processDurationUnknown}</p>}
          {unpaid && <div class="alert warn">{m.processUnpaid}</div>}
          {short && charge !== null && balance !== null && (
            <div class="alert warn">
              {m.processNotEnough(formatDuration(charge, lang.value), formatDuration(balance, lang.value))}
            </div>
          )}
          <p class="small-text muted">{m.processRepeatNote}</p>
          <ErrorMessage error={error} />
        </div>
      )}
    </ConfirmDialog>
  );
}
