/**
 * "Record here" beside "Send bot" on meeting pages: records this tab's sound in the browser (the
 * background does it, lib/background/recording/). While this tab is recorded the control shows
 * the elapsed time and Stop instead. Chrome may refuse a start made from the page (a press on a
 * page is not an invocation of the extension): the background's sentence then says what to press.
 * The clock counts here between answers; the background is asked again every few seconds (the
 * recording may have been stopped from the popup) and whenever the tab is shown again. A recording
 * that broke (the microphone lost, the tab's sound ended, the recording page gone) is told here once,
 * and so is "Still recording?" of a long silence, with **Keep recording** beside Stop.
 */

import { formatClock } from '@/lib/format/time';
import { type PageAnswer, type PageRecording, sendMessage } from '@/lib/messaging';
import { type PageVisit, visitListener } from '@/lib/page/feature';
import { createEmitter, h, setAttr, setText } from './dom';
import type { PageAction } from './page-action';
import type { PageState } from './page-state';

/** How often the recording's state is asked for while this tab is recorded. */
export const RECORDING_POLL_MS = 5_000;

export interface RecordHereControl {
  items: Node[];
  guarded: Element[];
  update(): void;
  /** Whether this tab is recorded, as the background last said. */
  readonly recording: boolean;
  /** Calls `listener` when that changes, until `signal` aborts. */
  onRecording(listener: () => void, signal: AbortSignal): void;
}

export function recordHereControl(
  visit: PageVisit,
  signal: AbortSignal,
  state: PageState,
  action: PageAction,
): RecordHereControl {
  let recording: PageRecording | null = null;
  /** performance.now() when `recording` was answered. */
  let answeredAt = 0;
  let timer: number | undefined;
  let polls = 0;
  /** How the recording broke, as last told here. */
  let told: PageRecording['broke'];
  /** Whether "Still recording?" was told here for the silence going on. */
  let asked = false;

  const record = h('button', {
    type: 'button',
    class: 'mc-primary',
    onClick: (event: Event) => void action.run(event, () => ask('page.record', { spaceId: state.space?.id })),
  });
  const clock = h('span', { class: 'mc-clock', role: 'timer' });
  const stop = h('button', {
    type: 'button',
    onClick: (event: Event) => void action.run(event, () => ask('page.recordStop', {})),
  });
  const keep = h('button', {
    type: 'button',
    hidden: true,
    onClick: (event: Event) => void action.run(event, () => ask('page.recordKeep', {})),
  });
  const live = h(
    'span',
    { class: 'mc-rec', hidden: true },
    h('span', { class: 'mc-dot', 'aria-hidden': 'true' }),
    clock,
    keep,
    stop,
  );

  async function ask<T extends 'page.record' | 'page.recordStop' | 'page.recording' | 'page.recordKeep'>(
    type: T,
    payload: T extends 'page.record' ? { spaceId?: number } : Record<string, never>,
  ) {
    const answer = (await sendMessage(type, payload as never)) as PageAnswer<PageRecording>;
    if (signal.aborted) return null;
    if (answer.ok) {
      recording = answer.data;
      answeredAt = performance.now();
    }
    if (answer.outcome?.signedOut) void state.refresh();
    // How the recording broke is said once, whatever asked (a poll, the tab shown again).
    const broke = answer.ok ? answer.data.broke : undefined;
    if (broke !== told) {
      told = broke;
      if (broke && type === 'page.recording') action.outcome = answer.outcome ?? null;
    }
    // "Still recording?" too, once for each silence it asks about.
    const silence = answer.ok && answer.data.silence !== undefined;
    if (silence && !asked && type === 'page.recording') action.outcome = answer.outcome ?? null;
    asked = silence;
    follow();
    update();
    // No sentence: the background did not answer (the extension was updated or restarted).
    return answer.outcome ?? (answer.ok ? null : { tone: 'error' as const, text: state.t('reloadPage') });
  }

  const changes = createEmitter();
  /** The clock ticks each second while this tab is recorded, asking the background now and then. */
  function follow() {
    const running = recording?.recording === true;
    if (running === (timer !== undefined)) return;
    if (running) {
      timer = visit.ctx.setInterval(() => {
        if (signal.aborted) return;
        polls = (polls + 1) % (RECORDING_POLL_MS / 1000);
        if (polls === 0) void ask('page.recording', {});
        tickClock();
      }, 1000);
    } else {
      clearInterval(timer);
      timer = undefined;
    }
    changes.emit();
  }
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
  visitListener(signal, document, 'visibilitychange', () => {
    if (document.visibilityState === 'visible' && state.context?.signedIn) void ask('page.recording', {});
  });

  function update() {
    const running = recording?.recording === true;
    record.hidden = running;
    live.hidden = !running;
    setText(record, state.t('recordHere'));
    setText(stop, state.t('recordStop'));
    setText(keep, state.t('recordKeep'));
    keep.hidden = !recording?.silence;
    setAttr(record, 'aria-disabled', action.busy || recording?.elsewhere ? 'true' : 'false');
    setAttr(stop, 'aria-disabled', action.busy ? 'true' : 'false');
    setAttr(keep, 'aria-disabled', action.busy ? 'true' : 'false');
    tickClock();
  }

  /** The clock alone, each second: nothing else of the control is touched. */
  function tickClock() {
    if (!recording?.recording) return;
    const time = formatClock((recording.elapsedMs + performance.now() - answeredAt) / 1000);
    setText(clock, time);
    setAttr(clock, 'aria-label', state.t('recordingFor', { time }));
  }

  // A recording started elsewhere (the popup, the shortcut) for this tab is shown here too: asked
  // whenever the page context is loaded again (the tab shown again, the settings changed).
  state.subscribe(() => {
    if (state.context?.signedIn) void ask('page.recording', {});
  }, signal);
  if (state.context?.signedIn) void ask('page.recording', {});
  return {
    items: [record, live],
    guarded: [record, keep, stop],
    update,
    get recording() {
      return timer !== undefined;
    },
    onRecording: changes.subscribe,
  };
}
