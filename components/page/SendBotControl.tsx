import type { Signal } from '@preact/signals';
import { pageMessages } from '@/lib/page/messages';
import type { PageAction } from '@/lib/page/page-action';
import type { PageState } from '@/lib/page/page-state';
import { FloatingShell } from './FloatingShell';
import { SpacePicker } from './SpacePicker';
import { StatusLine } from './StatusLine';

interface SendBotControlProps {
  state: PageState;
  action: PageAction;
  collapsed: Signal<boolean>;
  /** A note that replaces the control for a moment (after "Hide on this site"). */
  notice: Signal<string | null>;
  onSend: (event: Event) => void;
  onHide: () => void;
}

/** The meeting page's floating "Send bot": space picker, the button, the outcome. */
export function SendBotControl({ state, action, collapsed, notice, onSend, onHide }: SendBotControlProps) {
  const lang = state.lang.value;
  const m = pageMessages[lang];
  const busy = action.busy.value;
  return (
    <FloatingShell
      lang={lang}
      placement="top"
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
      <button type="button" class="mc-primary" aria-disabled={busy} onClick={onSend}>
        {m.sendBot}
      </button>
    </FloatingShell>
  );
}
