/**
 * One user action of a page control (send a bot, transcribe, schedule): busy while it runs and
 * for a short cooldown after (a double click sends once), then the outcome to show. Only a real
 * user gesture starts it: our shadow root is open, so page scripts can see and click our buttons,
 * but their clicks are not trusted.
 */
import { type Signal, signal } from '@preact/signals';
import type { Lang } from '@/lib/i18n';
import type { Job } from '@/lib/jobs/types';
import type { MessagePayload, MessageResult } from '@/lib/messaging';
import type { PageVisit } from './feature';
import { pageMessages } from './messages';
import type { Outcome, SpaceView } from './outcome';
import { sendPageMessage } from './page-messaging';
import type { PageState } from './page-state';
import { createSendGuard, SEND_COOLDOWN_MS } from './send-guard';

export interface PageAction {
  busy: Signal<boolean>;
  outcome: Signal<Outcome | null>;
  /** Runs `task` for a trusted event unless the action is busy. */
  run(event: Event | null, lang: Lang, task: () => Promise<Outcome>): Promise<void>;
}

export function createPageAction(visit: PageVisit, visitSignal: AbortSignal): PageAction {
  const busy = signal(false);
  const outcome = signal<Outcome | null>(null);
  const guard = createSendGuard({
    cooldownMs: SEND_COOLDOWN_MS,
    now: () => performance.now(),
    schedule: (callback, ms) => visit.ctx.setTimeout(callback, ms),
    onBusyChange: (value) => {
      busy.value = value;
    },
  });
  return {
    busy,
    outcome,
    async run(event, lang, task) {
      if (event && !event.isTrusted) return;
      if (visitSignal.aborted) return;
      if (visit.ctx.isInvalid) {
        outcome.value = { tone: 'error', text: pageMessages[lang].reloadPage };
        return;
      }
      await guard.run(async () => {
        outcome.value = null;
        const result = await task();
        if (!visitSignal.aborted) outcome.value = result;
      });
    },
  };
}

/**
 * Sends a page request in the chosen space and says how it went. A signed-out answer, or a page
 * that thought it was signed out, loads the page context again: the person may have signed in or
 * out from the popup meanwhile, and the spaces changed with it.
 */
export async function sendInSpace<T extends 'page.sendBot' | 'page.transcribe'>(
  state: PageState,
  type: T,
  payload: Omit<MessagePayload<T>, 'spaceId'>,
  toOutcome: (
    result: MessageResult<Job>,
    lang: Lang,
    space: SpaceView | undefined,
    sentAt: number,
  ) => Outcome,
): Promise<Outcome> {
  const space = state.space.value;
  const sentAt = Date.now();
  const result = await sendPageMessage(type, {
    ...payload,
    ...(space ? { spaceId: space.id } : {}),
  } as MessagePayload<T>);
  const outcome = toOutcome(result as MessageResult<Job>, state.lang.value, space, sentAt);
  if (outcome.signedOut || !state.context.value?.signedIn) void state.refresh();
  return outcome;
}
