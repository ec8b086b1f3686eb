/**
 * "Send the bot when I open a meeting tab" on the page: the countdown and its "Cancel". The page
 * decides nothing: it asks the background "auto-join this tab?" (`page.autoJoin`), shows the time
 * the background says is left, asks again when it runs out (the background sends at its own
 * deadline, alarm or not), and reports Cancel (`page.autoJoinCancel`). The status line announces
 * the countdown once to screen readers; the seconds tick in a timer element that is not announced.
 */
import { type PageAnswer, type PageAutoJoin, sendMessage } from '@/lib/messaging';
import { type PageVisit, visitTimeout } from '@/lib/page/feature';
import { h, setText } from './dom';
import type { PageAction } from './page-action';
import type { PageState } from './page-state';

export interface AutoJoinCountdown {
  /** The countdown and its Cancel button, hidden unless a countdown runs. */
  element: HTMLElement;
  /** Asks the background whether this tab's meeting gets a bot by itself. */
  ask(): Promise<void>;
  /** The person pressed "Send bot" meanwhile: the countdown stops, their press decides. */
  takeOver(): Promise<void>;
  update(): void;
}

/** How often the page asks again while the background is sending. */
const SENDING_POLL_MS = 1000;

export function createAutoJoinCountdown(
  visit: PageVisit,
  signal: AbortSignal,
  state: PageState,
  action: PageAction,
): AutoJoinCountdown {
  /** When the countdown ends, on this page's clock; null: none runs. */
  let endsAt: number | null = null;
  let announced = false;

  const seconds = () => Math.max(0, Math.ceil(((endsAt ?? 0) - performance.now()) / 1000));
  const timer = h('span', { class: 'mc-meter', role: 'timer' });
  const cancel = h('button', {
    type: 'button',
    onClick: (event: Event) => {
      if (!event.isTrusted) return;
      void request('page.autoJoinCancel');
    },
  });
  const element = h('span', { class: 'mc-countdown' }, timer, cancel);

  function update() {
    element.hidden = endsAt === null;
    setText(timer, endsAt === null ? '' : state.t('autoJoinCountdown', { seconds: String(seconds()) }));
    setText(cancel, state.t('cancel'));
  }

  let tickToken = 0;
  function tick(token: number) {
    if (token !== tickToken || endsAt === null || signal.aborted) return;
    update();
    const left = endsAt - performance.now();
    if (left <= 0) {
      void request('page.autoJoin');
      return;
    }
    visitTimeout(visit, signal, () => tick(token), left % 1000 || 1000);
  }

  function show(answer: PageAnswer<PageAutoJoin>) {
    if (signal.aborted) return;
    tickToken += 1;
    if (answer.ok && answer.data.state === 'counting') {
      endsAt = performance.now() + answer.data.remainingMs;
      if (!announced) {
        announced = true;
        action.outcome = {
          tone: 'success',
          text: state.t('autoJoinAnnounce', { seconds: String(seconds()) }),
        };
      }
      tick(tickToken);
      return;
    }
    const wasCounting = endsAt !== null;
    endsAt = null;
    update();
    if (answer.ok && answer.data.state === 'sending') {
      const token = tickToken;
      visitTimeout(
        visit,
        signal,
        () => token === tickToken && void request('page.autoJoin'),
        SENDING_POLL_MS,
      );
      return;
    }
    // An answer after a countdown this page showed (or a bot this rule sent): its sentence.
    if (answer.outcome && (wasCounting || announced || (answer.ok && answer.data.state !== 'off')))
      action.outcome = answer.outcome;
  }

  async function request(type: 'page.autoJoin' | 'page.autoJoinCancel') {
    if (visit.ctx.isInvalid) return;
    show(await sendMessage(type, {}));
  }

  return {
    element,
    ask: () => request('page.autoJoin'),
    async takeOver() {
      if (endsAt === null) return;
      tickToken += 1;
      endsAt = null;
      update();
      await sendMessage('page.autoJoinCancel', {});
    },
    update,
  };
}
