/**
 * A delivery's requests, as its kind makes them (lib/delivery/kinds): made when it is enqueued
 * for a kind without a Markdown dialect; for a kind with one, kept as a draft until the first
 * attempt, which has the protocol converted (outside the background worker) and makes them then.
 */
import type { Lang } from '@/lib/i18n';
import { type DeliveryContent, protocolMarkdown } from './bodies';
import { deliveryKind } from './kinds';
import type { MarkdownDialect } from './markdown-request';
import type { MadeBody, StoredBody } from './stored-body';
import type { Destination } from './types';

/** What the outbox keeps for a delivery: its requests, or the draft they are made from later. */
export function storedBody(
  destination: Destination,
  content: DeliveryContent,
  key: string,
  test: boolean,
  lang: Lang,
): StoredBody {
  const kind = deliveryKind(destination.kind);
  const options = { includeTranscript: destination.includeTranscript, lang, test };
  if (kind.convert !== null) return { draft: { kind: kind.kind, content, options } };
  return {
    requests: kind.body({ content, destination, options, idempotencyKey: key, protocol: '' }),
    sent: 0,
  };
}

/** The requests of a stored body (a draft's are made here; throws when its conversion fails). */
export async function madeBody(
  body: StoredBody,
  destination: Destination,
  key: string,
  convertMarkdown: (markdown: string, dialect: MarkdownDialect) => Promise<string>,
): Promise<MadeBody> {
  if (!('draft' in body)) return body;
  const { content, options } = body.draft;
  // The destination's kind now (a webhook switched to Slack after the entry was queued).
  const kind = deliveryKind(destination.kind);
  const protocol =
    kind.convert === null ? '' : await convertMarkdown(protocolMarkdown(content), kind.convert);
  return { requests: kind.body({ content, destination, options, idempotencyKey: key, protocol }), sent: 0 };
}
