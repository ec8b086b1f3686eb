import type { ReadonlySignal, Signal } from '@preact/signals';
import { formatDuration } from '@/lib/api/messages';
import { pageMessages } from '@/lib/page/messages';
import type { PageAction } from '@/lib/page/page-action';
import type { PageState } from '@/lib/page/page-state';
import { FloatingShell } from './FloatingShell';
import { SpacePicker } from './SpacePicker';
import { StatusLine } from './StatusLine';

interface TranscribeControlProps {
  state: PageState;
  action: PageAction;
  collapsed: Signal<boolean>;
  notice: Signal<string | null>;
  /** The video's length in seconds, null while unknown. */
  duration: ReadonlySignal<number | null>;
  onTranscribe: (event: Event) => void;
  onHide: () => void;
}

/** The video page's floating "Transcribe audio", with the video's length against the balance. */
export function TranscribeControl(props: TranscribeControlProps) {
  const { state, action, collapsed, notice, duration, onTranscribe, onHide } = props;
  const lang = state.lang.value;
  const m = pageMessages[lang];
  const busy = action.busy.value;
  const length = duration.value;
  const space = state.space.value;
  const short = length !== null && space !== undefined && length > space.availableSeconds;
  const meter =
    length === null
      ? null
      : space
        ? m.lengthOfLeft(formatDuration(length), formatDuration(space.availableSeconds)) +
          (short ? ` — ${m.notEnoughFor}` : '')
        : m.lengthOnly(formatDuration(length));
  return (
    <FloatingShell
      lang={lang}
      placement="bottom-left"
      collapsed={collapsed}
      notice={notice.value}
      onHide={onHide}
      below={
        <StatusLine
          outcome={action.outcome.value}
          busyText={busy && !action.outcome.value ? m.sending : null}
        />
      }
    >
      <SpacePicker lang={lang} spaces={state.spaces} spaceId={state.spaceId} disabled={busy} />
      {meter && (
        <span class="mc-meter" data-testid="video-balance" data-short={short ? '' : undefined}>
          {meter}
        </span>
      )}
      <button type="button" class="mc-primary" aria-disabled={busy} onClick={onTranscribe}>
        {m.transcribe}
      </button>
    </FloatingShell>
  );
}
