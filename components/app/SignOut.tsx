/**
 * Sign out, asked first when recordings are kept (a recording running, one offered or set aside):
 * signing out deletes them (lib/background/recording/kept.ts), so the person confirms or cancels to
 * upload them first.
 */
import { useState } from 'preact/hooks';
import { sendMessage } from '@/lib/messaging';
import type { RecordingView } from '@/lib/recording/view';
import { text } from '../lang';
import { ConfirmDialog } from '../ui';
import { signOut } from './store';

/** How many recordings a sign-out would delete: the one running or offered, and every one set aside. */
export function recordingsAtStake(view: RecordingView | null): number {
  if (!view) return 0;
  const phase = view.state?.phase;
  const current = view.offer || phase === 'starting' || phase === 'recording' || phase === 'stopping' ? 1 : 0;
  return current + (view.kept?.length ?? 0);
}

export function SignOutButton({ label, className }: { label: string; className: string }) {
  const t = text.value;
  const [count, setCount] = useState(0);
  const [busy, setBusy] = useState(false);
  const ask = async () => {
    const answer = await sendMessage('recording.status', {});
    const atStake = recordingsAtStake(answer.ok ? answer.data : null);
    if (atStake === 0) await signOut();
    else setCount(atStake);
  };
  return (
    <>
      <button type="button" class={className} onClick={() => void ask()}>
        {label}
      </button>
      <ConfirmDialog
        open={count > 0}
        title={t.signOutKept(count)}
        confirmLabel={t.signOutDelete}
        danger
        busy={busy}
        onConfirm={() => {
          setBusy(true);
          void signOut().finally(() => {
            setBusy(false);
            setCount(0);
          });
        }}
        onClose={() => setCount(0)}
      >
        <p class="small-text muted">{t.signOutKeptNote}</p>
      </ConfirmDialog>
    </>
  );
}
