/**
 * The shapes of "Record here" in the background: what it asks of the browser (`RecordingBrowser`),
 * what it is made from (`RecordingDeps`, every dependency named), how a start is asked for
 * (`StartOptions`) and what it offers the handlers, menus and listeners (`Recording`).
 */
import type { FileStore } from '@/lib/file-store';
import type { Lang } from '@/lib/i18n';
import type { JobEngine } from '@/lib/jobs/engine';
import type { JobStore } from '@/lib/jobs/store';
import type { PageRecording } from '@/lib/messaging';
import type { RecorderAnswer, RecorderCommand, RecorderEvent } from '@/lib/recording/protocol';
import type { RecordingState, StopReason } from '@/lib/recording/state';
import type { RecordingStore } from '@/lib/recording/store';
import type { RecordingView } from '@/lib/recording/view';
import type { BackgroundSessionStore } from '@/lib/session-store';
import type { OffscreenDocument } from '../offscreen';
import type { PollScheduler } from '../scheduler';
import type { SpacesService } from '../services';

export type { RecordingView };

/** What the recording asks of the browser (`recordingBrowser()` in the worker; fakes in unit tests). */
export interface RecordingBrowser {
  /**
   * The tab's address and title (readable once the person invoked the extension there) and whether
   * it is loading (`status`, always readable), or null: gone.
   */
  tab(tabId: number): Promise<{ url?: string; title?: string; status?: string } | null>;
  /** The active tab of the current window. */
  activeTab(): Promise<number | undefined>;
  /** Tells the tab's page control (where one runs) that its recording started or stopped. */
  tellTab(tabId: number): void;
  /** chrome.tabCapture's stream id for the tab; throws when refused or not available. */
  captureStreamId(tabId: number): Promise<string>;
  /** The toolbar badge as the elapsed time of the recording. */
  showBadge(text: string): Promise<void>;
  /** The keyboard shortcut of "Record this tab" as the person set it ("Alt+Shift+R"), if any. */
  shortcut(): Promise<string | undefined>;
  /** The recording page (the offscreen document). */
  recorder: {
    /** Whether the offscreen document is open. */
    open(): Promise<boolean>;
    /** A command, answered at once; null: no answer. */
    ask(command: RecorderCommand): Promise<RecorderAnswer | null>;
  };
}

export interface RecordingDeps {
  now: () => number;
  lang: () => Promise<Lang>;
  /** The recording database (lib/recording/store.ts). */
  store: RecordingStore;
  /** The worker's offscreen document (lib/background/offscreen.ts); null where there is none (Firefox). */
  offscreen: OffscreenDocument | null;
  browser: RecordingBrowser;
  /** A notification; `buttons`: their titles (Chrome shows two at most; a click comes back by index). */
  notify: (id: string, title: string, message: string, buttons?: string[]) => Promise<void>;
  /** Whether someone is signed in. */
  session: { store: Pick<BackgroundSessionStore, 'get'> };
  /** The signed-in account as lib/archive names an owner (the service and the email), or null. */
  owner: () => Promise<string | null>;
  /** The space a recording goes to (`resolve`: the one named, else the default) and the time left in each (`list`). */
  spaces: Pick<SpacesService, 'list' | 'resolve'>;
  /**
   * The one upload path (the job engine's), the recording's job, a file to delete, the next poll
   * looked at again, and the badge of the jobs (shown when no recording is).
   */
  jobs: {
    store: Pick<JobStore, 'list' | 'get'>;
    files: Pick<FileStore, 'deleteFile' | 'fileKeys'>;
    engine: Pick<JobEngine, 'createUpload'>;
    scheduler: Pick<PollScheduler, 'reschedule'>;
    updateBadge: () => Promise<void>;
  };
  /** Whether a recording is processed as soon as it is uploaded (the options'). */
  autoProcess: () => Promise<boolean>;
  /** The stop after silence the options set, in minutes; 0: never (lib/recording/silence.ts). */
  silenceStop: () => Promise<number>;
  /**
   * Test builds only: how much silence one silent piece counts for (ms), so that an end-to-end
   * test need not wait real minutes. Without it, `PIECE_MS`.
   */
  silencePieceMs?: () => Promise<number>;
  /**
   * Whether this is the first recording ever started: its start says, once, that participants
   * should be told they are recorded.
   */
  firstRecording: () => Promise<boolean>;
  /** A recording started on the page at `pageUrl` (the calendar event's attendees are kept beside it). */
  started?: (state: RecordingState, pageUrl: string | undefined) => Promise<void>;
}

export interface StartOptions {
  microphone: boolean;
  spaceId?: number;
  /** "Record here instead" of a failed bot: the tab must show this meeting. */
  meetingLink?: string;
  /** The page's address as its content script reported it (a meeting page's control). */
  pageUrl?: string;
}

export interface Recording {
  /** What the popup and the side panel show; settles a confirmed upload first. */
  view(): Promise<RecordingView>;
  /** The stored state, as it is. */
  state(): Promise<RecordingState | null>;
  /** Starts recording `tabId`: called during the user's invocation (popup, menu, command). */
  start(tabId: number, options: StartOptions): Promise<RecordingView>;
  /** Stop (popup, side panel), the tab closed or left, sign-out. */
  stop(reason: StopReason): Promise<RecordingState | null>;
  /**
   * "Upload what was recorded" (to `spaceId`, else its own space) or "Discard": of the kept
   * recording `id` when given, else of the current one.
   */
  recover(action: 'upload' | 'discard', spaceId?: number, id?: string): Promise<RecordingView>;
  /** The recorded tab closed (`gone`), or went to another page: the recording stops and is uploaded. */
  tabChanged(tabId: number, gone: boolean): Promise<void>;
  /**
   * The meeting page of `tabId` at `url` says its call ended (`page.callEnded`): a recording of
   * that tab and meeting stops and is uploaded, and the notification says why. The recorded tab
   * moving off its meeting ends it the same way (`tabChanged`, lib/recording/meeting-end.ts).
   */
  meetingEnded(tabId: number, url: string): Promise<void>;
  /**
   * The meeting page of `tabId` says it shows `url` (its control asking `page.recording`): a
   * recording of that tab whose meeting it is not ends with the meeting, and one whose tab's
   * address is unreadable keeps going while its page shows the meeting.
   */
  pageShows(tabId: number, url: string): Promise<void>;
  /** An event of the recording page (only the offscreen document sends these). */
  event(id: string, event: RecorderEvent): Promise<null>;
  /** Pieces go once the upload is confirmed (the service has the whole file). */
  settleUpload(): Promise<void>;
  /**
   * Every start of the worker: an assembled file whose upload job was never made goes to its
   * upload; files no recording or job owns are swept away.
   */
  resume(): Promise<void>;
  /** While recording: a recording page gone is noticed, failed with its pieces kept, and told. */
  check(): Promise<void>;
  /**
   * The session's end. `signed-out` (Sign out, another service): the capture stops, nothing is
   * uploaded, every piece is wiped. `ended` (the service refused the session's renewal): the
   * capture stops cleanly and every recording is kept, offered at the next sign-in.
   */
  forget(how?: 'signed-out' | 'ended'): Promise<void>;
  /**
   * How many recordings (running, being finished, waiting or uploading, offered or set aside) the
   * account `owner` signing in would delete: 0 for the account they were made under, or when none
   * is kept. `owner` null: a new service address, which would delete every one.
   */
  keptFor(owner: string | null): Promise<number>;
  /** The context menu item and the keyboard command: record the tab they were used in. */
  fromTab(tab: { id?: number } | undefined): Promise<void>;
  /** What a meeting page's control shows: whether its own tab is recorded, and for how long. */
  onPage(tabId: number): Promise<PageRecording>;
  /** "Record here" of a meeting page's control, for the sender tab. */
  fromPage(tabId: number, pageUrl: string, spaceId: number | undefined): Promise<PageRecording>;
  /** Stop of a meeting page's control: only the recording of the sender tab. */
  stopFromPage(tabId: number): Promise<PageRecording>;
  /**
   * "Keep recording" of "Still recording?" (the popup, the side panel, the notification's button):
   * the recording is not stopped for the silence going on now.
   */
  keep(): Promise<RecordingView>;
  /** "Keep recording" of a meeting page's control: only for the recording of the sender tab. */
  keepFromPage(tabId: number): Promise<PageRecording>;
  /**
   * The meeting page of `tabId` at `url` says whether its call is on (`page.callState`): while it
   * is, a recording of that tab and meeting is never stopped for silence.
   */
  callState(tabId: number, url: string, inCall: boolean): Promise<void>;
}
