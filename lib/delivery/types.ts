/**
 * Deliveries: where a ready protocol is sent (the kinds: lib/delivery/kinds),
 * what waits to be sent (the outbox) and what happened (the log). Plain data: persisted in the
 * extension origin's IndexedDB (lib/trusted-settings.ts) and, masked, shown by the options page.
 */

import type { DestinationKind } from './kinds/ids';

export type { DestinationKind };

export interface Destination {
  id: string;
  kind: DestinationKind;
  /**
   * The full address: a credential (a Slack webhook URL is one; a bot kind's is its API's address
   * with the bot's token). Never leaves the background.
   */
  url: string;
  /** A bot kind (`entry: 'bot'`): the chat the bot writes to; the tracker kind: the queue. */
  chatId?: string;
  /**
   * Headers every request to it carries: the tracker kind's token and organization (a credential,
   * like the address: never leaves the background).
   */
  headers?: Record<string, string>;
  /** Spaces whose protocols go here; null: every space. */
  spaceIds: number[] | null;
  includeTranscript: boolean;
  addedAt: number;
  /**
   * The account that set it up (lib/archive's owner: the service and the email). Only that account
   * sees it and has protocols sent to it; one kept from before accounts were told apart is taken by
   * the first account that reads the deliveries.
   */
  owner?: string;
}

/** What the options page sees of a destination: never the full address. */
export interface DestinationView {
  id: string;
  kind: DestinationKind;
  /** What the kind shows of it, never its secret: e.g. `https://hooks.slack.com/services/…`. */
  address: string;
  spaceIds: number[] | null;
  includeTranscript: boolean;
  /** Deliveries waiting for their next attempt. */
  pending: number;
  /** The last deliveries, newest first. */
  log: LogEntry[];
}

/** The recording a delivery is about. */
export interface DeliveredRecording {
  spaceId: number;
  spaceName: string | null;
  audioId: number;
  title: string;
}

/** Why an attempt did not deliver, in a form the page turns into plain words. */
export type DeliveryProblem =
  /** The destination answered with this HTTP status (`status`). */
  | 'http'
  /** Nothing answered (DNS, refused connection, TLS, CORS without access). */
  | 'network'
  /** No answer within `ATTEMPT_TIMEOUT_MS`. */
  | 'timeout'
  /** The destination answered with a redirect; redirects are never followed. */
  | 'redirect'
  /** The extension may not reach the destination's site (access not granted or withdrawn). */
  | 'permission'
  /** Not delivered within `GIVE_UP_AFTER_MS` of the protocol becoming ready. */
  | 'expired'
  /** The attempt went out, but the worker stopped before its answer was recorded. */
  | 'interrupted'
  /** A bot kind: the bot's token was refused. */
  | 'bad-token'
  /** A bot kind: the chat does not exist for this bot. */
  | 'chat-not-found'
  /** A bot kind: the bot may not write to the chat (blocked, removed, not a member). */
  | 'bot-blocked'
  /** A bot kind: the group became a supergroup, whose chat has another id (Telegram's `migrate_to_chat_id`). */
  | 'chat-migrated'
  /** The tracker: its OAuth token (or the organization's id) was refused (401). */
  | 'token-refused'
  /** The tracker: the token may not create issues in the queue (403). */
  | 'no-rights'
  /** The tracker: no such queue in the organization (404). */
  | 'queue-not-found'
  /**
   * A kind that reads its answers: a success that is not what its API answers (an HTML page, a
   * proxy's answer), so nothing says whether the request took effect; tried again (safe only for a
   * kind whose requests cannot make a thing twice: the tracker's `unique`).
   */
  | 'unexpected-answer';

/** `sending`: the attempt is under way (written before it goes out, replaced by its outcome). */
export type Outcome = 'sending' | 'delivered' | 'retrying' | 'failed';

export interface LogEntry {
  id: string;
  destinationId: string;
  at: number;
  recording: DeliveredRecording | null;
  /** The sample sent by "Test". */
  test: boolean;
  idempotencyKey: string;
  attempt: number;
  outcome: Outcome;
  /** HTTP status of the answer, when there was one. */
  status: number | null;
  problem: DeliveryProblem | null;
  /** When the next attempt is due (`retrying`). */
  nextAttemptAt: number | null;
  /** A tracker's delivery: the tasks this attempt created and those found made before (adopted), by key. */
  tasks?: { created: string[]; adopted: string[] };
}

/** A delivery waiting in the outbox. Its body lives under its own key (`bodyKey`). */
export interface OutboxEntry {
  id: string;
  destinationId: string;
  idempotencyKey: string;
  recording: DeliveredRecording | null;
  test: boolean;
  /** When the protocol became ready (or "Send again" / "Test" was pressed): retries end 24 h later. */
  readyAt: number;
  /** Attempts made so far. */
  attempts: number;
  nextAttemptAt: number;
}

/** The persisted state of the outbox, written as one value so an enqueue is all or nothing. */
export interface OutboxState {
  entries: OutboxEntry[];
  /** Runs already enqueued (a job's result reaches the outbox once, even if handed on twice). */
  runs: string[];
}
