/**
 * The work Chrome's offscreen document does for the background worker, one row per task: what a
 * request's payload must be and what its answer must be. Both sides check against this table (the
 * document before it works, the worker before it believes an answer); it holds only checks, so the
 * worker carries none of the work itself (marked, the recorder, the feed parser's Worker). The
 * document's implementations are wired in entrypoints/offscreen/main.ts.
 *
 * Adding a task: a row here (its payload and answer checks), its implementation in the document's
 * wiring (the compiler asks for it), and `askOffscreen(task, payload)` in the worker.
 */
import { type FeedAnswer, type FeedRequest, isFeedAnswer, isFeedRequest } from '@/lib/calendar/engine-thread';
import {
  isMarkdownAnswer,
  isMarkdownRequest,
  type MarkdownAnswer,
  type MarkdownRequest,
} from '@/lib/delivery/markdown-request';
import {
  isSourcesAnswer,
  isSourcesRequest,
  type SourcesAnswer,
  type SourcesRequest,
} from '@/lib/grounding/thread';
import { type ItemsAnswer, type ItemsRequest, isItemsAnswer, isItemsRequest } from '@/lib/items/request';
import { isRecorderCommand, type RecorderAnswer, type RecorderCommand } from '@/lib/recording/protocol';

interface Task<Payload, Answer> {
  payload: (value: unknown) => value is Payload;
  answer: (value: unknown) => value is Answer;
}

function isRecorderAnswer(value: unknown): value is RecorderAnswer {
  const answer = value as Partial<RecorderAnswer> | null;
  return (
    typeof answer === 'object' &&
    answer !== null &&
    typeof answer.ok === 'boolean' &&
    (answer.holding === null || typeof answer.holding === 'string') &&
    (answer.message === undefined || typeof answer.message === 'string')
  );
}

export const OFFSCREEN_TASKS = {
  /** A protocol's Markdown in a chat's markup (lib/delivery/markdown.ts, with marked). */
  markdown: { payload: isMarkdownRequest, answer: isMarkdownAnswer } as Task<MarkdownRequest, MarkdownAnswer>,
  /** A protocol's lines linked to their suggested sources in a Worker (lib/grounding/thread.ts). */
  sources: { payload: isSourcesRequest, answer: isSourcesAnswer } as Task<SourcesRequest, SourcesAnswer>,
  /** A protocol's action items (lib/items, with marked and the declension library). */
  items: { payload: isItemsRequest, answer: isItemsAnswer } as Task<ItemsRequest, ItemsAnswer>,
  /** A calendar feed parsed in a Worker (a service worker cannot start one). */
  feed: { payload: isFeedRequest, answer: isFeedAnswer } as Task<FeedRequest, FeedAnswer>,
  /** "Record here": the recorder holds the tab's stream (lib/recording/recorder.ts). */
  recorder: { payload: isRecorderCommand, answer: isRecorderAnswer } as Task<RecorderCommand, RecorderAnswer>,
};

export type OffscreenTaskName = keyof typeof OFFSCREEN_TASKS;
export type PayloadOf<K extends OffscreenTaskName> =
  (typeof OFFSCREEN_TASKS)[K] extends Task<infer P, unknown> ? P : never;
export type AnswerOf<K extends OffscreenTaskName> =
  (typeof OFFSCREEN_TASKS)[K] extends Task<unknown, infer A> ? A : never;

/** What the document does for each task (its wiring, entrypoints/offscreen/main.ts). */
export type OffscreenHandlers = { [K in OffscreenTaskName]: (payload: PayloadOf<K>) => Promise<AnswerOf<K>> };
