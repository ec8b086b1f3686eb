/**
 * A delivery's requests, as its kind makes them (lib/delivery/kinds): made when it is enqueued
 * for a kind that needs nothing made outside the background worker; for a kind with a Markdown
 * dialect, or one whose body carries the protocol lines' suggested sources, kept as a draft until
 * the first attempt, which has the protocol converted or linked (outside the worker) and makes
 * them then. Sources that cannot be linked never hold a delivery back: it goes without them.
 */
import type { ProtocolSources } from '@/lib/grounding/sources';
import type { LinkSources } from '@/lib/grounding/thread';
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
  if (kind.convert !== null || kind.withSources) return { draft: { kind: kind.kind, content, options } };
  return {
    requests: kind.body({ content, destination, options, idempotencyKey: key, protocol: '', sources: null }),
    sent: 0,
  };
}

/** The sources a body of `content` carries: null when linking is not at hand or fails. */
async function sourcesFor(
  content: DeliveryContent,
  link: LinkSources | undefined,
): Promise<ProtocolSources | null> {
  if (!link) return null;
  try {
    return await link(content.result, content.speakerNames ?? {});
  } catch (error) {
    console.warn('delivery sent without sources', error);
    return null;
  }
}

/** The requests of a stored body (a draft's are made here; throws when its conversion fails). */
export async function madeBody(
  body: StoredBody,
  destination: Destination,
  key: string,
  convertMarkdown: (markdown: string, dialect: MarkdownDialect) => Promise<string>,
  linkSources?: LinkSources,
): Promise<MadeBody> {
  if (!('draft' in body)) return body;
  const { content, options } = body.draft;
  // The destination's kind now (a webhook switched to Slack after the entry was queued).
  const kind = deliveryKind(destination.kind);
  const protocol =
    kind.convert === null ? '' : await convertMarkdown(protocolMarkdown(content), kind.convert);
  const sources = kind.withSources ? await sourcesFor(content, linkSources) : null;
  return {
    requests: kind.body({ content, destination, options, idempotencyKey: key, protocol, sources }),
    sent: 0,
  };
}
