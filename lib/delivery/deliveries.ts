/**
 * The deliveries' state and its changes: the destinations kept (what a person entered is checked
 * in ./destinations.ts), the outbox and its runs, every attempt and its log line (./log.ts). The
 * requests are made by ./requests.ts and sent by ./attempt.ts. Framework-free (no `browser.*`):
 * the background hands it a key-value store, `fetch`, the clock and a way to arm the retry alarm,
 * and unit tests hand it fakes.
 *
 * Exactly once per ready protocol:
 * - `enqueue` runs in the job engine's `onResult`, before the job is marked ready. The run
 *   (`job:<id>`) and its entries are written in one value, so a worker stop before the job is
 *   marked ready (the engine then hands the result on again) finds the run and adds nothing.
 * - An attempt first moves the entry's due time past the attempt's timeout (a lease), then sends.
 *   A worker stopped mid-attempt leaves the entry in the outbox; the alarm sends it again later
 *   with the same `Idempotency-Key`, so a receiver that saw the first one can tell.
 * - Every attempt is in the log: right before it goes out, its number is counted in the outbox
 *   and a `sending` line is added to the log, in one write (`setMany`); its answer then replaces
 *   that line and settles the entry, in one write too. A worker stopped between the two leaves
 *   the line, which the entry's next attempt marks `interrupted`.
 * - The alarm exists only while the outbox holds something (`schedule(null)` clears it).
 * - A destination belongs to the account that set it up (`deps.owner`): only that account's are
 *   listed, changed and given its protocols; an entry already queued is sent whoever is signed in.
 * - A delivery's body is what its kind makes (lib/delivery/kinds): one request or several (a
 *   bot's message, then the transcript as a file). A kind without a Markdown dialect has its requests
 *   made when it is enqueued. A kind with one needs the protocol's Markdown converted
 *   (`deps.convertMarkdown`, done outside the background worker), which may fail or be cut short by
 *   a worker stop: so the entry keeps what the body is made of (a draft, stored-body.ts) until its
 *   first attempt, which makes the requests, stores them, then sends them. Every retry sends those
 *   same bytes; the requests a destination already took are counted and not sent again.
 */
import type { ProcessingResult } from '@/lib/api/schemas';
import type { LinkSources } from '@/lib/grounding/thread';
import type { Lang } from '@/lib/i18n';
import type { KeyValueStore } from '@/lib/kv';
import { serialQueue } from '@/lib/serial';
import { sendRequests } from './attempt';
import { type DeliveryContent, sampleContent } from './bodies';
import {
  DESTINATIONS_MAX,
  DestinationError,
  type DestinationPatch,
  destinationAddress,
  destinationView,
  type NewDestination,
  patchedDestination,
  spacesTaken,
} from './destinations';
import { interruptedLines, logWith, refusalOf, statusOf } from './log';
import type { MarkdownDialect } from './markdown-request';
import { bodyKey, DESTINATIONS_KEY, LOG_KEY, OUTBOX_KEY, ownedBy, wantsSpace } from './outbox';
import { type BodyMaking, madeBody, storedBody } from './requests';
import {
  ATTEMPT_TIMEOUT_MS,
  type AttemptAnswer,
  BACKOFF_BASE_MS,
  GIVE_UP_AFTER_MS,
  nextAttemptAt,
  verdictOf,
} from './retry';
import { type MadeBody, readStoredBody, type StoredBody } from './stored-body';
import type {
  DeliveredRecording,
  Destination,
  DestinationKind,
  DestinationView,
  LogEntry,
  OutboxEntry,
  OutboxState,
} from './types';

/** Enqueued runs remembered (far more than the jobs that can end while one is in doubt). */
const RUNS_KEPT = 500;

export interface DeliveryDeps {
  kv: Pick<KeyValueStore, 'get' | 'set' | 'setMany' | 'del'>;
  now: () => number;
  fetch: typeof fetch;
  hasOriginAccess: (url: string) => Promise<boolean>;
  /** The language of the texts a chat shows. */
  lang: () => Promise<Lang>;
  /** The protocol's Markdown in a chat's markup (markdown.ts; the background has it done outside the worker). */
  convertMarkdown: (markdown: string, dialect: MarkdownDialect) => Promise<string>;
  /**
   * A result's lines linked to their suggested sources, for a kind whose body carries them (the
   * background has it done outside the worker); none: bodies go without them.
   */
  linkSources?: LinkSources;
  /** The protocol's action items for the kinds that take them (the background reads them outside the worker). */
  readItems?: BodyMaking['readItems'];
  /** The API address of a bot kind for new destinations (default: the kind's own, `bot.api`). */
  botApi?: (kind: DestinationKind) => Promise<string>;
  /** Arms the retry alarm for `at`, or clears it (null: the outbox is empty). */
  schedule: (at: number | null) => Promise<void>;
  newId?: () => string;
  /** First wait of the backoff (1 minute; test builds wait less). */
  backoffBaseMs?: number;
  /**
   * The account signed in (lib/archive's owner), or null: its destinations are the ones listed,
   * changed and given its protocols; the others are kept for their owners. Absent: every one.
   */
  owner?: () => Promise<string | null>;
}

/** The idempotency key of one run of one recording (the same on every retry of that run). */
export function idempotencyKey(recording: DeliveredRecording | null, run: string): string {
  return recording ? `mc-${recording.spaceId}-${recording.audioId}-${run}` : `mc-test-${run}`;
}

export class Deliveries {
  readonly #deps: DeliveryDeps;
  /** One change of the stored state at a time in this worker. */
  readonly #serial = serialQueue();
  #sending: Promise<void> = Promise.resolve();

  constructor(deps: DeliveryDeps) {
    this.#deps = deps;
  }

  #id(): string {
    return this.#deps.newId?.() ?? crypto.randomUUID();
  }

  async #destinations(): Promise<Destination[]> {
    return (await this.#deps.kv.get<Destination[]>(DESTINATIONS_KEY)) ?? [];
  }

  /**
   * The destinations of the account signed in (`deps.owner`), and all of them. One kept without an
   * owner is stamped with that account's and written back (`adopt`: inside the serial queue).
   */
  async #mine(adopt = true): Promise<{ mine: Destination[]; all: Destination[] }> {
    const stored = await this.#destinations();
    const owner = this.#deps.owner ? await this.#deps.owner() : undefined;
    if (owner === undefined) return { mine: stored, all: stored };
    const all =
      owner !== null && stored.some((destination) => destination.owner === undefined)
        ? stored.map((destination) =>
            destination.owner === undefined ? { ...destination, owner } : destination,
          )
        : stored;
    if (adopt && all !== stored) await this.#deps.kv.set(DESTINATIONS_KEY, all);
    return { mine: all.filter((destination) => ownedBy(destination, owner)), all };
  }

  /** How many destinations other accounts set up (kept for them, not shown to this one). */
  async keptForOthers(): Promise<number> {
    const { mine, all } = await this.#mine(false);
    return all.length - mine.length;
  }

  async #outbox(): Promise<OutboxState> {
    return (await this.#deps.kv.get<OutboxState>(OUTBOX_KEY)) ?? { entries: [], runs: [] };
  }

  async #log(): Promise<LogEntry[]> {
    return (await this.#deps.kv.get<LogEntry[]>(LOG_KEY)) ?? [];
  }

  async #appendLog(entry: Omit<LogEntry, 'id'>): Promise<void> {
    await this.#deps.kv.set(LOG_KEY, logWith(await this.#log(), { ...entry, id: this.#id() }));
  }

  async #rearm(state?: OutboxState): Promise<void> {
    const entries = (state ?? (await this.#outbox())).entries;
    const next = entries.reduce<number | null>(
      (soonest, entry) => (soonest === null || entry.nextAttemptAt < soonest ? entry.nextAttemptAt : soonest),
      null,
    );
    await this.#deps.schedule(next);
  }

  /** The destinations of the account signed in, as the options page shows them. */
  list(): Promise<DestinationView[]> {
    return this.#serial(() => this.#listNow());
  }

  async #listNow(): Promise<DestinationView[]> {
    const [{ mine }, outbox, log] = await Promise.all([this.#mine(), this.#outbox(), this.#log()]);
    return mine.map((destination) => destinationView(destination, outbox, log));
  }

  async #viewOf(id: string): Promise<DestinationView> {
    const found = (await this.#listNow()).find((view) => view.id === id);
    if (!found) throw new DestinationError({ reason: 'not-found' });
    return found;
  }

  add(input: NewDestination): Promise<DestinationView> {
    return this.#serial(async () => {
      const parsed = await destinationAddress(input, this.#deps.botApi);
      const { mine, all: destinations } = await this.#mine();
      if (mine.length >= DESTINATIONS_MAX) throw new DestinationError({ reason: 'too-many' });
      const owner = this.#deps.owner ? await this.#deps.owner() : undefined;
      if (!(await this.#deps.hasOriginAccess(parsed.url)))
        throw new DestinationError({ reason: 'permission', origin: new URL(parsed.url).origin });
      const destination: Destination = {
        id: this.#id(),
        kind: input.kind,
        url: parsed.url,
        ...(parsed.chatId === undefined ? {} : { chatId: parsed.chatId }),
        ...(parsed.headers === undefined ? {} : { headers: parsed.headers }),
        spaceIds: spacesTaken(input.spaceIds),
        includeTranscript: input.includeTranscript ?? false,
        addedAt: this.#deps.now(),
        ...(owner ? { owner } : {}),
      };
      await this.#deps.kv.set(DESTINATIONS_KEY, [...destinations, destination]);
      return destinationView(destination, await this.#outbox(), []);
    });
  }

  /**
   * Changes which spaces go to a destination, whether the transcript does, or its format (to a
   * kind entered the same way: a webhook's address may become a Slack one, not a bot).
   */
  update(id: string, patch: DestinationPatch): Promise<DestinationView> {
    return this.#serial(async () => {
      const { mine, all: destinations } = await this.#mine();
      const found = mine.find((destination) => destination.id === id);
      if (!found) throw new DestinationError({ reason: 'not-found' });
      const next = patchedDestination(found, patch);
      await this.#deps.kv.set(
        DESTINATIONS_KEY,
        destinations.map((destination) => (destination.id === id ? next : destination)),
      );
      return this.#viewOf(id);
    });
  }

  /** Removes a destination with what waits for it and its log. */
  remove(id: string): Promise<void> {
    return this.#serial(async () => {
      // Another account's destination is not this one's to remove.
      if (!(await this.#mine()).mine.some((destination) => destination.id === id)) return;
      await this.#deps.kv.set(
        DESTINATIONS_KEY,
        (await this.#destinations()).filter((destination) => destination.id !== id),
      );
      const outbox = await this.#outbox();
      const dropped = outbox.entries.filter((entry) => entry.destinationId === id);
      const state = { ...outbox, entries: outbox.entries.filter((entry) => entry.destinationId !== id) };
      await this.#deps.kv.set(OUTBOX_KEY, state);
      for (const entry of dropped) await this.#deps.kv.del(bodyKey(entry.id));
      await this.#deps.kv.set(
        LOG_KEY,
        (await this.#log()).filter((entry) => entry.destinationId !== id),
      );
      await this.#rearm(state);
    });
  }

  /**
   * Puts one run of a recording in the outbox for the destinations that want its space (or the
   * one named). A run already enqueued adds nothing. Arms the alarm before returning, so the
   * delivery survives the worker stopping right after.
   */
  #enqueue(run: string, content: DeliveryContent, only?: string): Promise<number> {
    return this.#serial(async () => {
      const outbox = await this.#outbox();
      if (outbox.runs.includes(run)) return 0;
      const destinations = (await this.#mine()).mine.filter((destination) =>
        only ? destination.id === only : wantsSpace(destination, content.recording.spaceId),
      );
      const now = this.#deps.now();
      const key = idempotencyKey(content.recording, run.replace(/^job:/, ''));
      const entries: OutboxEntry[] = [];
      for (const destination of destinations) {
        const entry: OutboxEntry = {
          id: this.#id(),
          destinationId: destination.id,
          idempotencyKey: key,
          recording: content.recording,
          test: false,
          readyAt: content.readyAt,
          attempts: 0,
          nextAttemptAt: now,
        };
        // Bodies first: an entry never exists without its body.
        await this.#deps.kv.set(bodyKey(entry.id), await this.#body(destination, content, key, false));
        entries.push(entry);
      }
      // No destination wants it: nothing to write (and nothing that could be sent twice).
      if (entries.length === 0) return 0;
      const state: OutboxState = {
        entries: [...outbox.entries, ...entries],
        runs: [...outbox.runs, run].slice(-RUNS_KEPT),
      };
      await this.#deps.kv.set(OUTBOX_KEY, state);
      await this.#rearm(state);
      return entries.length;
    });
  }

  /**
   * A job's protocol became ready (the job engine's `onResult`, before the job is marked ready):
   * enqueued once per job for every destination that wants its space. Sending starts at once, not
   * awaited: the job does not wait for the destinations.
   */
  async enqueueResult(
    job: { id: string; spaceId: number; spaceName?: string; intent: string; title?: string },
    result: ProcessingResult,
    speakerNames?: Record<string, string>,
  ): Promise<number> {
    if (!result.result) return 0;
    const added = await this.#enqueue(`job:${job.id}`, {
      recording: {
        spaceId: job.spaceId,
        spaceName: job.spaceName ?? null,
        audioId: result.audio_id,
        title: result.title || job.title || '',
      },
      result,
      readyAt: this.#deps.now(),
      source: job.intent,
      ...(speakerNames ? { speakerNames } : {}),
    });
    if (added > 0)
      this.#sending = this.sendDue().catch((error) => console.error('deliveries not sent', error));
    return added;
  }

  /** Resolves when the sending started by the last enqueue has ended (for tests). */
  idle(): Promise<void> {
    return this.#sending;
  }

  /** "Send again": a new run (a new idempotency key) of a recording to one destination, sent now. */
  async sendAgain(destinationId: string, content: DeliveryContent): Promise<DestinationView> {
    if (
      !(await this.#serial(() => this.#mine())).mine.some((destination) => destination.id === destinationId)
    )
      throw new DestinationError({ reason: 'not-found' });
    await this.#enqueue(`again:${this.#id()}`, { ...content, readyAt: this.#deps.now() }, destinationId);
    await this.sendDue();
    return this.#viewOf(destinationId);
  }

  /** "Test": a sample sent once (no retries), logged like any delivery. */
  async test(destinationId: string): Promise<DestinationView> {
    const destination = (await this.#serial(() => this.#mine())).mine.find(
      (candidate) => candidate.id === destinationId,
    );
    if (!destination) throw new DestinationError({ reason: 'not-found' });
    const key = idempotencyKey(null, this.#id());
    const stored = await this.#body(destination, sampleContent(this.#deps.now()), key, true);
    const answer = await sendRequests(
      this.#deps,
      destination,
      await this.#made(stored, destination, key),
      key,
    );
    const verdict = verdictOf(answer);
    await this.#serial(() =>
      this.#appendLog({
        destinationId,
        at: this.#deps.now(),
        recording: null,
        test: true,
        idempotencyKey: key,
        attempt: 1,
        outcome: verdict === 'delivered' ? 'delivered' : 'failed',
        status: statusOf(answer),
        ...('status' in answer && answer.tasks ? { tasks: answer.tasks } : {}),
        problem: 'problem' in answer ? answer.problem : verdict === 'delivered' ? null : refusalOf(answer),
        nextAttemptAt: null,
      }),
    );
    return this.#viewOf(destinationId);
  }

  /** What the outbox keeps for a delivery (./requests.ts), in the language in force. */
  async #body(destination: Destination, content: DeliveryContent, key: string, test: boolean) {
    return storedBody(destination, content, key, test, await this.#deps.lang());
  }

  #made(body: StoredBody, destination: Destination, key: string): Promise<MadeBody> {
    return madeBody(body, destination, key, this.#deps);
  }

  /** Sends every entry that is due, one after another, then re-arms the alarm. */
  async sendDue(): Promise<void> {
    for (;;) {
      const taken = await this.#serial(async () => {
        const outbox = await this.#outbox();
        const now = this.#deps.now();
        const due = outbox.entries.find((entry) => entry.nextAttemptAt <= now);
        if (!due) {
          await this.#rearm(outbox);
          return null;
        }
        // The lease: if this worker stops mid-attempt, the entry is due again after it.
        const leased = { ...due, nextAttemptAt: now + ATTEMPT_TIMEOUT_MS + 5_000 };
        const state = {
          ...outbox,
          entries: outbox.entries.map((entry) => (entry.id === due.id ? leased : entry)),
        };
        await this.#deps.kv.set(OUTBOX_KEY, state);
        await this.#rearm(state);
        const destination = (await this.#destinations()).find(
          (candidate) => candidate.id === due.destinationId,
        );
        const body = readStoredBody(await this.#deps.kv.get<unknown>(bodyKey(due.id)));
        return { entry: leased, destination, body };
      });
      if (!taken) return;
      const { entry, destination, body: stored } = taken;
      if (!destination || stored === null) {
        await this.#settle(entry, null);
        continue;
      }
      let body: MadeBody;
      try {
        body = await this.#made(stored, destination, entry.idempotencyKey);
      } catch (error) {
        // Not converted (no attempt made): the lease makes it due again shortly, until the
        // deliveries' last hour; then it is dropped like an entry that cannot be sent.
        console.error('delivery body not made', error);
        if (this.#deps.now() >= entry.readyAt + GIVE_UP_AFTER_MS) await this.#settle(entry, null);
        continue;
      }
      if (body !== stored) await this.#keepBody(entry.id, body);
      const begun = await this.#begin(entry);
      if (!begun) continue;
      const answer = await sendRequests(this.#deps, destination, body, entry.idempotencyKey, (sent) =>
        this.#keepBody(entry.id, { ...body, sent }),
      );
      await this.#settle(begun.entry, answer, begun.logId);
    }
  }

  /**
   * Right before an attempt goes out: its number counted in the outbox and a `sending` line in
   * the log, written together. Null: the entry has left the outbox meanwhile.
   */
  #begin(leased: OutboxEntry): Promise<{ entry: OutboxEntry; logId: string } | null> {
    return this.#serial(async () => {
      const outbox = await this.#outbox();
      const current = outbox.entries.find((candidate) => candidate.id === leased.id);
      if (!current) return null;
      const now = this.#deps.now();
      const entry = { ...current, attempts: current.attempts + 1 };
      const logId = this.#id();
      const log = logWith(interruptedLines(await this.#log(), entry, now, true), {
        id: logId,
        destinationId: entry.destinationId,
        at: now,
        recording: entry.recording,
        test: false,
        idempotencyKey: entry.idempotencyKey,
        attempt: entry.attempts,
        outcome: 'sending',
        status: null,
        problem: null,
        nextAttemptAt: null,
      });
      const state = {
        ...outbox,
        entries: outbox.entries.map((candidate) => (candidate.id === entry.id ? entry : candidate)),
      };
      await this.#deps.kv.setMany([
        [OUTBOX_KEY, state],
        [LOG_KEY, log],
      ]);
      return { entry, logId };
    });
  }

  /** Stores a body made from a draft (or its progress), unless the entry has left the outbox meanwhile. */
  #keepBody(entryId: string, body: MadeBody): Promise<void> {
    return this.#serial(async () => {
      if ((await this.#outbox()).entries.some((entry) => entry.id === entryId))
        await this.#deps.kv.set(bodyKey(entryId), body);
    });
  }

  /**
   * Records an attempt's answer (`entry` as `#begin` counted it, its line `logId`): done, retried
   * later, or given up, with the log line, in one write. Null: nothing left to send (no attempt).
   */
  #settle(entry: OutboxEntry, answer: AttemptAnswer | null, logId?: string): Promise<void> {
    return this.#serial(async () => {
      const outbox = await this.#outbox();
      if (!outbox.entries.some((candidate) => candidate.id === entry.id)) return;
      const now = this.#deps.now();
      const attempt = entry.attempts;
      const verdict = answer ? verdictOf(answer) : 'permanent';
      const retryAt =
        answer && verdict === 'transient'
          ? nextAttemptAt(attempt, entry.readyAt, now, {
              base: this.#deps.backoffBaseMs ?? BACKOFF_BASE_MS,
              retryAfterMs: 'status' in answer ? answer.retryAfterMs : null,
            })
          : null;
      const entries =
        retryAt === null
          ? outbox.entries.filter((candidate) => candidate.id !== entry.id)
          : outbox.entries.map((candidate) =>
              candidate.id === entry.id ? { ...entry, nextAttemptAt: retryAt } : candidate,
            );
      const state = { ...outbox, entries };
      let log = await this.#log();
      if (answer) {
        log = logWith(log, {
          id: logId ?? this.#id(),
          destinationId: entry.destinationId,
          at: now,
          recording: entry.recording,
          test: false,
          idempotencyKey: entry.idempotencyKey,
          attempt,
          outcome: verdict === 'delivered' ? 'delivered' : retryAt === null ? 'failed' : 'retrying',
          status: statusOf(answer),
          ...('status' in answer && answer.tasks ? { tasks: answer.tasks } : {}),
          problem:
            verdict === 'delivered'
              ? null
              : verdict === 'transient' && retryAt === null
                ? 'expired'
                : 'problem' in answer
                  ? answer.problem
                  : refusalOf(answer),
          nextAttemptAt: retryAt,
        });
      } else log = interruptedLines(log, entry, now, false);
      await this.#deps.kv.setMany([
        [OUTBOX_KEY, state],
        [LOG_KEY, log],
      ]);
      if (retryAt === null) await this.#deps.kv.del(bodyKey(entry.id));
      await this.#rearm(state);
    });
  }
}
