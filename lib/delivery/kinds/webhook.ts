/**
 * A JSON webhook: one POST of the schema v1 body (bodies.ts `webhookBody`, documented in
 * docs/deliveries.md) to the address, with the protocol lines' suggested sources when they could be
 * linked. The generic kind: any https address no other kind claims.
 */
import { webhookBody } from '../bodies';
import { maskDestinationUrl } from '../destination-url';
import { webhookItems } from '../items';
import { defineKind } from './define';
import type { DeliveryKind, DeliveryKindCard } from './types';

export const webhookCard: DeliveryKindCard = {
  kind: 'webhook',
  names: { en: 'JSON webhook', ru: 'JSON-вебхук' },
  entry: 'url',
  detect: null,
  mask: (destination) => maskDestinationUrl(destination.url),
};

export const webhookKind: DeliveryKind = /* @__PURE__ */ defineKind(webhookCard, {
  convert: null,
  withSources: true,
  // The body's `items` when they can be read; without them when not (docs/deliveries.md).
  items: 'optional',
  body: ({ content, options, idempotencyKey, sources, items }) => [
    {
      body: JSON.stringify(
        webhookBody(
          content,
          {
            idempotencyKey,
            includeTranscript: options.includeTranscript,
            test: options.test,
            items: items ? webhookItems(items) : null,
          },
          sources,
        ),
      ),
    },
  ],
});
