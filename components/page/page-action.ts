/**
 * One user action of a page control (send a bot, transcribe, schedule): busy while it runs and
 * for a short cooldown after (a double click sends once), then the outcome to show. Only a real
 * user gesture starts it (page scripts' clicks are not trusted), and only a press on a button the
 * person could see (lib/page/press-check.ts): anything else asks for a confirming second press.
 */
import { type MessagePayload, type PageAnswer, type PageOutcome, sendMessage } from '@/lib/messaging';
import type { PageVisit } from '@/lib/page/feature';
import { createPressCheck } from '@/lib/page/press-check';
import { createSendGuard, SEND_COOLDOWN_MS } from '@/lib/page/send-guard';
import { createEmitter } from './dom';
import type { PageState } from './page-state';
import type { VisibilityWatch } from './visibility';

export interface PageAction {
  readonly busy: boolean;
  outcome: PageOutcome | null;
  /** Runs `task` for a trusted press on a button the person could see, unless the action is busy. */
  run(event: Event | null, task: () => Promise<PageOutcome | null>): Promise<void>;
  subscribe(listener: () => void, signal?: AbortSignal): void;
}

export function createPageAction(
  visit: PageVisit,
  visitSignal: AbortSignal,
  state: PageState,
  visibility?: VisibilityWatch,
): PageAction {
  const changes = createEmitter();
  const presses = createPressCheck();
  let busy = false;
  let outcome: PageOutcome | null = null;
  const guard = createSendGuard({
    cooldownMs: SEND_COOLDOWN_MS,
    now: () => performance.now(),
    schedule: (callback, ms) => visit.ctx.setTimeout(callback, ms),
    onBusyChange: (value) => {
      busy = value;
      changes.emit();
    },
  });
  const action: PageAction = {
    get busy() {
      return busy;
    },
    get outcome() {
      return outcome;
    },
    set outcome(value) {
      outcome = value;
      changes.emit();
    },
    async run(event, task) {
      if (event && !event.isTrusted) return;
      if (visitSignal.aborted || busy) return;
      if (visit.ctx.isInvalid) {
        action.outcome = { tone: 'error', text: state.t('reloadPage') };
        return;
      }
      if (event) {
        const button = (event as SubmitEvent).submitter ?? (event.currentTarget as Element | null);
        // A click made with Enter or Space has no pointer position and a detail of 0; a form sent
        // with Enter in its field has its submit button away from the pointer.
        const keyboard =
          event instanceof MouseEvent
            ? event.detail === 0
            : event.type === 'submit' && button !== null && !button.matches(':hover');
        if (button && !keyboard) {
          // The second click of a double click may look too: the guard below runs one task.
          const visible = visibility ? await visibility.visible(button) : undefined;
          if (visitSignal.aborted) return;
          if (presses.check(button, { visible, keyboard, now: performance.now() }) === 'confirm') {
            action.outcome = { tone: 'error', text: state.t('confirmPress') };
            return;
          }
        }
      }
      await guard.run(async () => {
        action.outcome = null;
        const result = await task();
        if (!visitSignal.aborted) action.outcome = result;
      });
    },
    subscribe: changes.subscribe,
  };
  return action;
}

/**
 * Sends a page request in the chosen space; the answer carries the sentence to show. A
 * signed-out answer, or a page that thought it was signed out, loads the page context again: the
 * person may have signed in or out from the popup meanwhile, and the spaces changed with it.
 */
export async function sendInSpace<T extends 'page.sendBot' | 'page.transcribe' | 'page.scheduleBot'>(
  state: PageState,
  type: T,
  payload: Omit<MessagePayload<T>, 'spaceId'>,
): Promise<PageOutcome> {
  const space = state.space;
  // No space (signed out): `spaceId` undefined, left out of the message.
  const answer = (await sendMessage(type, {
    ...payload,
    spaceId: space?.id,
  } as MessagePayload<T>)) as PageAnswer<unknown>;
  // No sentence: the background did not answer (the extension was updated or restarted).
  const outcome =
    answer.outcome ??
    (answer.ok ? { tone: 'success', text: '' } : { tone: 'error', text: state.t('reloadPage') });
  if (outcome.signedOut || !state.context?.signedIn) void state.refresh();
  return outcome;
}
