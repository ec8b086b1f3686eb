/**
 * What every concern of "Record here" shares within one instance of the service: its dependencies,
 * the little it holds in memory (on purpose: see `RecordingMemory`), the meeting pages' word about
 * what they show, and the steps they all take (look at the recording page, apply an event to the
 * stored state, show the badge, say something in a notification, refuse a start).
 */
import { formatBadgeElapsed } from '@/lib/format/time';
import type { RecordingRefusal } from '@/lib/messaging';
import { pageWitness } from '@/lib/recording/meeting-end';
import { RECORDING_CHANNEL, type RecorderAnswer, type RecorderCommand } from '@/lib/recording/protocol';
import { type AtStart, atStart } from '@/lib/recording/recovery';
import { isCapturing, type RecordingEvent, type RecordingState, transition } from '@/lib/recording/state';
import { MessageError } from '../handler-types';
import { type BackgroundTexts, backgroundTexts } from '../texts';
import type { RecordingDeps } from './types';

/** The notification every "Record here" notice replaces (its one button: Keep recording). */
export const NOTICE_ID = 'recording';

/** How long a recorded tab whose address is unreadable is given for its meeting page to speak. */
export const PAGE_REPORT_MS = 4_000;

/** A notice that is a title and its message, said as it is (lib/background/texts.ts). */
export type ToldNotice =
  | 'recordingTabEnded'
  | 'recordingMicLost'
  | 'recordingPageGone'
  | 'recordingMeetingEnded'
  | 'recordingSessionEnded'
  | 'recordingWaitsForSignIn';

/** What one instance holds in memory: nothing that must outlive the worker. */
export interface RecordingMemory {
  /**
   * The recording this instance is starting, from keeping its state until the recording page
   * answers: in memory on purpose, so that a start whose worker died with it is nobody's
   * (lib/recording/recovery.ts).
   */
  startingHere: string | null;
  /**
   * Whether a start is under way in this instance, from its first check to the page's answer: a
   * second start meanwhile (a double shortcut press, the page control and the popup) is refused,
   * not run beside it to overwrite its state and close the capture it made.
   */
  startUnderWay: boolean;
  /** Looks in a row (`check`) that found the recording page not holding the recording. */
  missedLooks: number;
}

export interface RecordingContext extends RecordingMemory {
  deps: RecordingDeps;
  /** What the tabs' meeting pages say they show (lib/recording/meeting-end.ts). */
  witness: ReturnType<typeof pageWitness>;
  /** A command to the recording page on its channel; null: no answer. */
  ask(command: DistributiveOmit<RecorderCommand, 'channel'>): Promise<RecorderAnswer | null>;
  /** The recording the recording page holds, or null (no page, no answer). */
  pageHolds(): Promise<string | null>;
  /** What to do with an unfinished kept recording (lib/recording/recovery.ts), looked at now. */
  lookAt(state: RecordingState): Promise<AtStart>;
  /** The stored state moved by `event`, kept and returned; null when nothing moved. */
  apply(event: RecordingEvent): Promise<RecordingState | null>;
  /** The toolbar badge: the recording's elapsed time while it captures, else the jobs'. */
  setBadge(state: RecordingState | null): Promise<void>;
  /** The texts in the language in force. */
  texts(): Promise<BackgroundTexts>;
  /** A notice of "Record here" (one at a time: each replaces the last), with its buttons if any. */
  notify(title: string, message: string, buttons?: string[]): Promise<void>;
  /** A notification of what broke the capture, with what was kept. */
  told(what: ToldNotice): Promise<void>;
  /**
   * The account `state` was made under (lib/archive's owner: the service and the email), or null:
   * not known (kept by an older version).
   */
  ownerOf(state: RecordingState): Promise<string | null>;
  /**
   * Whether `state` is the signed-in account's: someone is signed in, and it was made under that
   * account (or under one not known). Only its owner is offered a recording or uploads it.
   */
  isMine(state: RecordingState): Promise<boolean>;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A start refused, with its reason (and the browser's words, bounded). */
export function refuse(reason: RecordingRefusal, detail?: string): MessageError {
  return new MessageError({
    kind: 'recording',
    reason,
    ...(detail !== undefined && { detail: detail.slice(0, 500) }),
  });
}

export function recordingContext(deps: RecordingDeps): RecordingContext {
  const { now, store, offscreen: document, browser: tabs } = deps;
  const ask: RecordingContext['ask'] = (command) =>
    tabs.recorder.ask({ channel: RECORDING_CHANNEL, ...command } as RecorderCommand);

  const ctx: RecordingContext = {
    deps,
    startingHere: null,
    startUnderWay: false,
    missedLooks: 0,
    witness: pageWitness(PAGE_REPORT_MS),
    ask,
    async pageHolds() {
      if (!document) return null;
      if (!(await tabs.recorder.open().catch(() => false))) return null;
      return (await ask({ op: 'status' }))?.holding ?? null;
    },
    async lookAt(state) {
      const holds = await ctx.pageHolds();
      const { recordedMs } = await store.count(state.id);
      return atStart(state, holds === state.id, recordedMs, ctx.startingHere === state.id);
    },
    async apply(event) {
      const state = await store.getState();
      if (!state) return null;
      const next = transition(state, event, now());
      if (!next) return null;
      await store.setState(next);
      return next;
    },
    async setBadge(state) {
      if (!isCapturing(state) || !state) {
        await deps.jobs.updateBadge();
        return;
      }
      await tabs.showBadge(formatBadgeElapsed(now() - state.startedAt));
    },
    texts: async () => backgroundTexts(await deps.lang()),
    notify: (title, message, buttons) => deps.notify(NOTICE_ID, title, message, buttons),
    async told(what) {
      const [title, message] = (await ctx.texts())[what];
      await ctx.notify(title, message);
    },
    ownerOf: async (state) => state.owner ?? (await store.getOwner()),
    async isMine(state) {
      const signedIn = await deps.owner();
      if (signedIn === null) return false;
      const owner = await ctx.ownerOf(state);
      return owner === null || owner === signedIn;
    },
  };
  return ctx;
}
