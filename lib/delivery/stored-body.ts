/**
 * What the outbox keeps for a delivery under its body key, kind-neutral: a draft (the content and
 * options a kind makes its requests from, kept until the first attempt because a kind with a
 * Markdown dialect needs the protocol converted outside the worker, which may fail or be cut short
 * by a worker stop), or the requests made, with how many of them the destination already took, so
 * a retry sends the rest and every retry sends the same bytes.
 *
 * Entries stored before the kinds had one shape are still read (`readStoredBody`): a string was a
 * webhook's JSON body, `{ slack: { content, options } }` a Slack draft.
 */
import type { DeliveryContent } from './bodies';
import { DELIVERY_KIND_IDS, type DestinationKind } from './kinds/ids';
import type { BodyOptions, DeliveryRequest } from './kinds/types';

export interface BodyDraft {
  kind: DestinationKind;
  content: DeliveryContent;
  options: BodyOptions;
}

export type StoredBody = { draft: BodyDraft } | { requests: DeliveryRequest[]; sent: number };

/** The requests of a delivery, made, with how many the destination already took. */
export type MadeBody = Extract<StoredBody, { requests: unknown }>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isRequest(value: unknown): value is DeliveryRequest {
  if (!isObject(value)) return false;
  if (value.path !== undefined && typeof value.path !== 'string') return false;
  return typeof value.body === 'string' || Array.isArray(value.body);
}

function isDraft(value: unknown): value is BodyDraft {
  return (
    isObject(value) &&
    (DELIVERY_KIND_IDS as readonly unknown[]).includes(value.kind) &&
    isObject(value.content) &&
    isObject(value.options)
  );
}

/** A stored body of any shape this extension ever wrote, in today's; null: nothing that can be sent. */
export function readStoredBody(value: unknown): StoredBody | null {
  // Before the kinds: a webhook's body was its JSON text.
  if (typeof value === 'string') return { requests: [{ body: value }], sent: 0 };
  if (!isObject(value)) return null;
  // Before the kinds: a Slack draft; its options had no `test` when false.
  if (isObject(value.slack)) {
    const { content, options } = value.slack as { content?: unknown; options?: Partial<BodyOptions> };
    if (!isObject(content) || !isObject(options)) return null;
    return {
      draft: {
        kind: 'slack',
        content: content as unknown as DeliveryContent,
        options: {
          includeTranscript: options.includeTranscript === true,
          lang: options.lang === 'ru' ? 'ru' : 'en',
          test: options.test === true,
        },
      },
    };
  }
  if ('draft' in value) return isDraft(value.draft) ? { draft: value.draft } : null;
  if (Array.isArray(value.requests) && value.requests.every(isRequest)) {
    const sent = typeof value.sent === 'number' && value.sent >= 0 ? Math.floor(value.sent) : 0;
    return { requests: value.requests, sent: Math.min(sent, value.requests.length) };
  }
  return null;
}
