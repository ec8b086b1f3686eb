/**
 * The items a delivery carries, read by the same reader as the open items (in place here, as in
 * Firefox's background): from the kept meeting's request when there is one, else from the delivered
 * result alone; keyed by meeting and item so a repeat is the same task; a webhook body carrying
 * them in `items`, and going without them when they cannot be read.
 */
import { describe, expect, it } from 'vitest';
import type { ProcessingResult } from '@/lib/api/schemas';
import type { DeliveryContent } from '@/lib/delivery/bodies';
import { webhookItems } from '@/lib/delivery/items';
import { webhookKind } from '@/lib/delivery/kinds/webhook';
import { readyResult } from '@/lib/delivery/testing';
import { deliveryItemsReader, requestOfContent } from './delivery-items';
import { readInPlace } from './items-extraction';

const result: ProcessingResult = {
  ...readyResult,
  result: {
    ...readyResult.result!,
    protocol:
      '## Decisions\n- Keep the budget\n\n## Action items\n- SPEAKER_01 will send the budget\n- Book the room',
  },
};

const content: DeliveryContent = {
  recording: { spaceId: 7, spaceName: 'Team', audioId: 42, title: 'Weekly sync' },
  result,
  readyAt: Date.UTC(2026, 2, 10),
  source: 'upload',
  speakerNames: { '1': 'Anna Smirnova' },
};

const inPlace = async <T>(work: (extract: typeof readInPlace) => Promise<T>) => work(readInPlace);

describe('a delivery’s items', () => {
  it('are read from the delivered result when the meeting is not kept: names given here, no day guessed', async () => {
    expect(requestOfContent(content)).toMatchObject({ names: ['Anna Smirnova'], createdAt: null });
    const read = deliveryItemsReader({ requestFor: async () => null, extractor: inPlace });
    const items = await read(content);
    expect(items.map((one) => [one.text, one.owner])).toEqual([
      ['Anna Smirnova will send the budget', ['Anna Smirnova']],
      ['Book the room', null],
    ]);
    expect(items.every((one) => one.key.startsWith('7:42:'))).toBe(true);
    // The same reading gives the same keys: the same tasks.
    expect((await read(content)).map((one) => one.key)).toEqual(items.map((one) => one.key));
  });

  it('go in the webhook body as `items` (v1 stays v1), and the body goes without them when none were read', () => {
    const make = (items: Parameters<typeof webhookKind.body>[0]['items']) =>
      JSON.parse(
        String(
          webhookKind.body({
            content,
            destination: {
              id: 'd',
              kind: 'webhook',
              url: 'x',
              spaceIds: null,
              includeTranscript: false,
              addedAt: 0,
            },
            options: { includeTranscript: false, lang: 'en', test: false },
            idempotencyKey: 'k',
            protocol: '',
            sources: null,
            items,
          })[0]!.body,
        ),
      );
    const item = {
      key: '7:42:ab',
      text: 'Book the room',
      owner: null,
      due: '2026-03-13',
      dueWords: 'by Friday',
      bullet: 2,
      row: null,
      source: { block: 0, utterance: 0 },
    };
    const body = make([item]);
    expect(body.schema).toBe('meeting-capture.delivery/v1');
    expect(body.items).toEqual(webhookItems([item]));
    expect(body.items[0]).toMatchObject({ due_words: 'by Friday', bullet: 2 });
    expect(make(null)).not.toHaveProperty('items');
    expect(make([]).items).toEqual([]);
  });
});
