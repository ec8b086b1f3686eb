/**
 * "Send the bot when I open a meeting tab" on the page: the countdown and its "Cancel". The page
 * decides nothing: it asks the background "auto-join this tab?" (`page.autoJoin`), shows the time
 * the background says is left, asks again when it runs out (the background sends at its own
 * deadline, alarm or not), and reports Cancel (`page.autoJoinCancel`). The status line announces
 * the countdown once to screen readers; the seconds tick in a timer element that is not announced.
 * It counts only while the user looks at the tab (visible and focused): a tab opened in the
 * background or a pop-under asks nothing until it is looked at, and a countdown whose tab goes to
 * the background tells the background, which pauses it (and restarts it in full when looked at).
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
  /** Not asked yet because nobody looked, or paused: ask when the tab is looked at. */
  let waiting = false;
  const looking = () => document.visibilityState === 'visible' && document.hasFocus();
  const onLook = () => {
    if (signal.aborted) return;
    if (looking()) {
      if (waiting) void request('page.autoJoin');
    } else if (endsAt !== null) {
      void request('page.autoJoin');
    }
  };
  document.addEventListener('visibilitychange', onLook, { signal });
  window.addEventListener('focus', onLook, { signal });
  window.addEventListener('blur', onLook, { signal });

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

  /** The space the background was last told: a choice in the picker during a countdown is told. */
  let sentSpace: number | null = null;
  function update() {
    if (endsAt !== null && state.spaceId !== null && state.spaceId !== sentSpace)
      void request('page.autoJoin');
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
    waiting = answer.ok && answer.data.state === 'paused';
    if (waiting) return;
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
    const seen = looking();
    const space = state.spaceId;
    sentSpace = space;
    const answer =
      type === 'page.autoJoin'
        ? await sendMessage(type, { looking: seen, ...(space !== null && { spaceId: space }) })
        : await sendMessage(type, {});
    show(answer as PageAnswer<PageAutoJoin>);
    // Asked while nobody looked (this tab left a countdown): ask again once looked at.
    if (type === 'page.autoJoin' && !seen && endsAt === null) waiting = true;
  }

  return {
    element,
    ask: async () => {
      waiting = !looking();
      if (!waiting) await request('page.autoJoin');
    },
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
