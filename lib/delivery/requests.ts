/**
 * A delivery's requests, as its kind makes them (lib/delivery/kinds): made when it is enqueued
 * for a kind that needs nothing made outside the background worker; for a kind with a Markdown
 * dialect, one whose body carries the protocol lines' suggested sources, or one that takes the
 * protocol's action items, kept as a draft until the first attempt, which has the protocol
 * converted, linked and its items read (outside the worker) and makes them then. Sources that
 * cannot be linked never hold a delivery back: it goes without them.
 */
import type { ProtocolSources } from '@/lib/grounding/sources';
import type { LinkSources } from '@/lib/grounding/thread';
import type { Lang } from '@/lib/i18n';
import { type DeliveryContent, protocolMarkdown } from './bodies';
import type { DeliveryItem } from './items';
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
  if (kind.convert !== null || kind.withSources || kind.items)
    return { draft: { kind: kind.kind, content, options } };
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

/** What a draft's requests are made with, besides the draft. */
export interface BodyMaking {
  convertMarkdown: (markdown: string, dialect: MarkdownDialect) => Promise<string>;
  /** A result's lines linked to their suggested sources (none: bodies go without them). */
  linkSources?: LinkSources;
  /** The protocol's action items (null: none read, as for a recording this browser does not keep). */
  readItems?: (content: DeliveryContent) => Promise<DeliveryItem[] | null>;
}

/**
 * The requests of a stored body (a draft's are made here; throws when its conversion fails, or
 * when the items a kind requires cannot be read: the delivery is tried again later).
 */
export async function madeBody(
  body: StoredBody,
  destination: Destination,
  key: string,
  making: BodyMaking,
): Promise<MadeBody> {
  if (!('draft' in body)) return body;
  const { content, options } = body.draft;
  // The destination's kind now (a webhook switched to Slack after the entry was queued).
  const kind = deliveryKind(destination.kind);
  const protocol =
    kind.convert === null ? '' : await making.convertMarkdown(protocolMarkdown(content), kind.convert);
  const sources = kind.withSources ? await sourcesFor(content, making.linkSources) : null;
  let items: DeliveryItem[] | null = null;
  if (kind.items && !options.test && making.readItems) {
    if (kind.items === 'required') items = await making.readItems(content);
    else
      items = await making.readItems(content).catch((error) => {
        console.error('action items not read for the delivery', error);
        return null;
      });
  }
  return {
    requests: kind.body({ content, destination, options, idempotencyKey: key, protocol, sources, items }),
    sent: 0,
  };
}
