import type { Outcome } from '@/lib/page/outcome';

interface StatusLineProps {
  outcome: Outcome | null;
  /** Shown while the action runs. */
  busyText?: string | null;
}

/** One live region per control: assistive technology reads every outcome as it appears. */
export function StatusLine({ outcome, busyText }: StatusLineProps) {
  const text = busyText ?? outcome?.text ?? '';
  return (
    <div class="mc-status" role="status" data-tone={busyText ? undefined : outcome?.tone}>
      {text}
    </div>
  );
}
