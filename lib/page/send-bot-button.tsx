/**
 * Meeting pages (Google Meet, the Zoom web client and join pages, Telemost): a floating
 * "Send bot" at the top edge that sends the service's bot to this meeting, in the chosen space.
 */
import { SendBotControl } from '@/components/page/SendBotControl';
import { parseMeetingLink } from '@/lib/links';
import { isMeetingPage } from './conditions';
import type { PageFeature } from './feature';
import { showFloatingControl } from './floating-control';
import { describeBotResult } from './outcome';
import { createPageAction, sendInSpace } from './page-action';
import { createPageState } from './page-state';

export const sendBotButton: PageFeature = {
  id: 'send-bot-button',
  include: [isMeetingPage],
  async init(signal, visit) {
    const meeting = parseMeetingLink(visit.url.href);
    if (!meeting) return;
    const state = createPageState(signal);
    const action = createPageAction(visit, signal);

    const onSend = (event: Event) =>
      void action.run(event, state.lang.value, () =>
        sendInSpace(state, 'page.sendBot', { link: meeting.url }, describeBotResult),
      );

    await showFloatingControl(visit, signal, {
      name: 'meeting-capture-send-bot',
      state,
      action,
      view: (control) => (
        <SendBotControl
          state={state}
          action={action}
          collapsed={control.collapsed}
          notice={control.notice}
          onSend={onSend}
          onHide={control.hide}
        />
      ),
    });
  },
};
