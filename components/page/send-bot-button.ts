/**
 * Meeting pages of every service in the registry (lib/meetings): a floating control at the top
 * edge. Where the service sends a bot (Google Meet, the Zoom web client and join pages, Telemost),
 * "Send bot" sends it to this meeting, in the chosen space, beside "Record here". Where it sends
 * none (record-only services: Teams, Jitsi Meet...), the control says so and offers "Record here".
 */
import { detectMeeting, type MeetingServiceId, meetingService } from '@/lib/meetings';
import { isMeetingPage } from '@/lib/page/conditions';
import type { PageFeature } from '@/lib/page/feature';
import { type AutoJoinCountdown, createAutoJoinCountdown } from './auto-join-countdown';
import { followCallState } from './call-state';
import { h, setAttr, setText } from './dom';
import { type ControlView, showFloatingControl } from './floating-control';
import { createPageAction, type PageAction, sendInSpace } from './page-action';
import { createPageState, type PageState } from './page-state';
import { type RecordHereControl, recordHereControl } from './record-here-control';

/** What the views show of "Record here": its items, the presses to check, its update. */
type RecordHereView = Pick<RecordHereControl, 'items' | 'guarded' | 'update'>;

import { spacePicker } from './space-picker';
import { createVisibilityWatch } from './visibility';

/**
 * The control's own items: the space picker, "Send bot", "Record here" (or the recording's time
 * and Stop), and the countdown of "Send the bot when I open a meeting tab" with its Cancel (shown
 * only while one runs).
 */
export function sendBotView(
  state: PageState,
  action: PageAction,
  link: string,
  countdown?: AutoJoinCountdown,
  recorder?: RecordHereView,
): ControlView {
  const picker = spacePicker(state, () => action.busy);
  const send = h('button', {
    type: 'button',
    class: 'mc-primary',
    onClick: (event: Event) =>
      void action.run(event, async () => {
        // A press of one's own replaces the countdown: one bot, where the person chose.
        await countdown?.takeOver();
        return sendInSpace(state, 'page.sendBot', { link });
      }),
  });
  const items: Node[] = [picker.element, send, ...(recorder?.items ?? [])];
  return {
    items: countdown ? [...items, countdown.element] : items,
    guarded: [send, ...(recorder?.guarded ?? [])],
    update() {
      picker.update();
      setText(send, state.t('sendBot'));
      setAttr(send, 'aria-disabled', action.busy ? 'true' : 'false');
      recorder?.update();
      countdown?.update();
    },
  };
}

/**
 * The control of a record-only service's meeting: the space picker, the sentence saying that no
 * bot joins there, and "Record here". No "Send bot", no tab-rule countdown.
 */
export function recordOnlyView(
  state: PageState,
  action: PageAction,
  service: MeetingServiceId,
  recorder: RecordHereView,
): ControlView {
  const picker = spacePicker(state, () => action.busy);
  const note = h('span', { class: 'mc-meter', 'data-testid': 'no-bot-here' });
  return {
    items: [picker.element, note, ...recorder.items],
    guarded: recorder.guarded,
    update() {
      picker.update();
      setText(note, state.t('noBotHere', { service: state.t(`service_${service}`) }));
      recorder.update();
    },
  };
}

export const sendBotButton: PageFeature = {
  id: 'send-bot-button',
  include: [isMeetingPage],
  async init(signal, visit) {
    const meeting = detectMeeting(visit.url.href);
    if (!meeting) return;
    const state = createPageState(signal);
    const visibility = createVisibilityWatch(signal);
    const action = createPageAction(visit, signal, state, visibility);
    // A record-only service's meeting gets no bot, so no countdown of the tab rule either.
    const countdown = meeting.bot ? createAutoJoinCountdown(visit, signal, state, action) : null;
    const recorder = recordHereControl(visit, signal, state, action);
    // While this tab is recorded, the call's end stops the recording.
    followCallState(visit, signal, meeting.service, recorder);
    await showFloatingControl(visit, signal, {
      name: 'meeting-capture-send-bot',
      // Clear of the call's own controls: the top edge unless the service keeps them there.
      placement: meetingService(meeting.service)?.page?.placement ?? 'top',
      state,
      action,
      visibility,
      view: () =>
        countdown
          ? sendBotView(state, action, meeting.url, countdown, recorder)
          : recordOnlyView(state, action, meeting.service, recorder),
    });
    // The control is there (or hidden on this site, which the background knows too): ask whether
    // this tab's meeting gets a bot by itself. Signed out, there is nothing to ask.
    if (countdown && !signal.aborted && state.context?.signedIn && !state.context.hidden)
      await countdown.ask();
  },
};
