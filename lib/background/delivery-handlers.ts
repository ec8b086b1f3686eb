/**
 * The background side of the delivery messages (privileged: extension pages only). A destination's
 * full address (or a bot's token) arrives once, in `deliveries.add`, and never leaves the background again.
 */
import { DestinationError } from '@/lib/delivery/destinations';
import { type Handlers, MessageError } from './handler-types';
import type { Background } from './types';

type DeliveryMessages =
  | 'deliveries.list'
  | 'deliveries.others'
  | 'deliveries.add'
  | 'deliveries.update'
  | 'deliveries.remove'
  | 'deliveries.test'
  | 'deliveries.sendAgain';

async function refused<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DestinationError)) throw error;
    const info = error.info;
    if (info.reason === 'permission')
      throw new MessageError({ kind: 'permission-denied', origin: info.origin });
    throw new MessageError({
      kind: 'delivery',
      reason: info.reason,
      ...(info.reason === 'invalid-address' ? { problem: info.problem } : {}),
    });
  }
}

export function createDeliveryHandlers(bg: Background): Pick<Handlers, DeliveryMessages> {
  return {
    'deliveries.list': () => bg.deliveries.list(),
    'deliveries.others': async () => ({ kept: await bg.deliveries.keptForOthers() }),
    'deliveries.add': (payload) =>
      refused(() =>
        bg.deliveries.add({
          kind: payload.kind,
          ...(payload.url === undefined ? {} : { url: payload.url }),
          ...(payload.token === undefined ? {} : { token: payload.token }),
          ...(payload.chatId === undefined ? {} : { chatId: payload.chatId }),
          spaceIds: payload.spaceIds ?? null,
          includeTranscript: payload.includeTranscript ?? false,
        }),
      ),
    'deliveries.update': ({ id, ...patch }) => refused(() => bg.deliveries.update(id, patch)),
    'deliveries.remove': async ({ id }) => {
      await bg.deliveries.remove(id);
      return null;
    },
    'deliveries.test': ({ id }) => refused(() => bg.deliveries.test(id)),
    'deliveries.sendAgain': ({ id, spaceId, audioId }) =>
      refused(async () => {
        // A kept result is sent as kept (no network read); the speakers carry the names given to them.
        const owner = await bg.archive.owner().catch(() => null);
        const kept = owner ? await bg.archive.store.getFor(owner, spaceId, audioId).catch(() => null) : null;
        const result = kept?.result ?? (await bg.session.client.getResult(spaceId, audioId));
        if (!result.result) throw new MessageError({ kind: 'delivery', reason: 'not-ready' });
        const names = await bg.archive.store.speakerMap(spaceId, audioId).catch(() => ({}));
        const space = (await bg.spaces.list().catch(() => [])).find((candidate) => candidate.id === spaceId);
        return bg.deliveries.sendAgain(id, {
          recording: { spaceId, spaceName: space?.name ?? null, audioId, title: result.title },
          result,
          readyAt: bg.now(),
          source: null,
          ...(Object.keys(names).length > 0 ? { speakerNames: names } : {}),
        });
      }),
  };
}
