/**
 * The delivery kinds: one file per kind, listed here once. Every list of kinds derives from this
 * record (the messages' schemas take the ids, the options page the names and the form, the
 * deliveries the bodies and the conversion); a meta-test (kinds.test.ts) holds each kind's
 * detection to its own addresses. How to add a kind: docs/deliveries.md.
 */

import type { Lang } from '@/lib/i18n';
import type { DestinationKind } from './ids';
import { slackCard, slackKind } from './slack';
import { telegramCard, telegramForm, telegramKind } from './telegram';
import { trackerCard, trackerForm, trackerKind } from './tracker';
import type { BotFormTexts, DeliveryKind, DeliveryKindCard } from './types';
import { webhookCard, webhookKind } from './webhook';

export { DELIVERY_KIND_IDS, type DestinationKind } from './ids';
export type {
  BodyInput,
  BodyOptions,
  BotFormTexts,
  DeliveryKind,
  DeliveryKindCard,
  DeliveryRequest,
  FormField,
} from './types';

/** How each kind is entered and shown (what the options page carries: no bodies). */
export const KIND_CARDS: Record<DestinationKind, DeliveryKindCard> = {
  webhook: webhookCard,
  slack: slackCard,
  telegram: telegramCard,
  tracker: trackerCard,
};

/** Each kind with its sending (the worker's). */
export const DELIVERY_KINDS: Record<DestinationKind, DeliveryKind> = {
  webhook: webhookKind,
  slack: slackKind,
  telegram: telegramKind,
  tracker: trackerKind,
};

/**
 * The words of each bot kind's form on the options page, apart from the kinds so the worker does
 * not carry them (kinds.test.ts: every kind entered by bot has them).
 */
export const BOT_FORMS: Partial<Record<DestinationKind, Record<Lang, BotFormTexts>>> = {
  telegram: telegramForm,
  tracker: trackerForm,
};

export function deliveryKind(kind: DestinationKind): DeliveryKind {
  return DELIVERY_KINDS[kind];
}

/** The kinds claiming what a person entered (at most one: kinds.test.ts). */
export function claimsOf(input: string): DestinationKind[] {
  return Object.values(KIND_CARDS)
    .filter((kind) => kind.detect?.(input))
    .map((kind) => kind.kind);
}

/** The kind of what a person entered: the one claiming it, else the generic kind (the webhook). */
export function kindOf(input: string): DestinationKind {
  return claimsOf(input)[0] ?? 'webhook';
}

/**
 * The kinds entered the same way as `kind` (a destination may switch between them): kinds entered
 * by address; a kind entered by a token is itself only (one service's token means nothing to another).
 */
export function kindsEnteredLike(kind: DestinationKind): DestinationKind[] {
  const entry = KIND_CARDS[kind].entry;
  if (entry === 'bot') return [kind];
  return Object.values(KIND_CARDS)
    .filter((other) => other.entry === entry)
    .map((other) => other.kind);
}

/**
 * Where a bot kind's API is: its own address, except in test builds, where a test may point it at
 * a receiver on this computer (`test:bot-api:<kind>` in the deliveries' store, an http address on
 * 127.0.0.1 or localhost). Release builds have neither the key nor this code.
 */
export async function botApi(
  kind: DestinationKind,
  read: (key: string) => Promise<unknown>,
): Promise<string> {
  const own = KIND_CARDS[kind].bot?.api ?? '';
  if (import.meta.env?.WXT_TEST_BUILD !== '1') return own;
  const value = await read(`test:bot-api:${kind}`).catch(() => undefined);
  return typeof value === 'string' && /^http:\/\/(?:127\.0\.0\.1|localhost)(?::\d+)?$/.test(value)
    ? value
    : own;
}
