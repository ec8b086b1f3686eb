/**
 * The destinations a person adds in the options: what they entered made into an address (and a
 * bot's chat) or refused with the reason, the spaces each takes, a change of its kind, and what the
 * options page is shown of one (its address masked, never in full).
 */
import { type DestinationUrlProblem, parseDestinationUrl } from './destination-url';
import { deliveryKind, kindsEnteredLike } from './kinds';
import type { Destination, DestinationKind, DestinationView, LogEntry, OutboxState } from './types';

export const DESTINATIONS_MAX = 10;

export class DestinationError extends Error {
  constructor(
    readonly info:
      | { reason: 'invalid-address'; problem: DestinationUrlProblem | 'token' | 'chat' }
      | { reason: 'too-many' }
      | { reason: 'permission'; origin: string }
      | { reason: 'not-found' },
  ) {
    super(info.reason);
  }
}

export interface NewDestination {
  kind: DestinationKind;
  /** A kind entered by address (`entry: 'url'`). */
  url?: string;
  /** A kind entered by bot (`entry: 'bot'`): the bot's token and the chat. */
  token?: string;
  chatId?: string;
  spaceIds?: number[] | null;
  includeTranscript?: boolean;
}

/** What to change of a destination. */
export interface DestinationPatch {
  spaceIds?: number[] | null;
  includeTranscript?: boolean;
  kind?: DestinationKind;
}

/**
 * What a person entered, made into the destination's address (and chat), or refused. `botApi`:
 * the API address of a bot kind for new destinations, when not the kind's own.
 */
export async function destinationAddress(
  input: NewDestination,
  botApi?: (kind: DestinationKind) => Promise<string>,
): Promise<{ url: string; chatId?: string; headers?: Record<string, string> }> {
  const { bot } = deliveryKind(input.kind);
  if (bot) {
    const api = (await botApi?.(input.kind)) ?? bot.api;
    const parsed = bot.parse({ token: input.token ?? '', chatId: input.chatId ?? '' }, api);
    if (!parsed.ok) throw new DestinationError({ reason: 'invalid-address', problem: parsed.problem });
    return { url: parsed.url, chatId: parsed.chatId, ...(parsed.headers ? { headers: parsed.headers } : {}) };
  }
  const parsed = parseDestinationUrl(input.url ?? '');
  if (!parsed.ok) throw new DestinationError({ reason: 'invalid-address', problem: parsed.problem });
  return { url: parsed.url };
}

/** The spaces a destination takes, each once: null (or none named) is every space. */
export function spacesTaken(spaceIds: number[] | null | undefined): number[] | null {
  return spaceIds && spaceIds.length > 0 ? [...new Set(spaceIds)] : null;
}

/**
 * A destination changed: which spaces go to it, whether the transcript does, or its format (to a
 * kind entered the same way: a webhook's address may become a Slack one, not a bot).
 */
export function patchedDestination(found: Destination, patch: DestinationPatch): Destination {
  if (patch.kind && !kindsEnteredLike(found.kind).includes(patch.kind))
    throw new DestinationError({ reason: 'invalid-address', problem: 'invalid' });
  return {
    ...found,
    ...(patch.kind ? { kind: patch.kind } : {}),
    ...(patch.includeTranscript === undefined ? {} : { includeTranscript: patch.includeTranscript }),
    ...(patch.spaceIds === undefined ? {} : { spaceIds: spacesTaken(patch.spaceIds) }),
  };
}

/** What the options page shows of a destination: its address masked, what waits, its log. */
export function destinationView(
  destination: Destination,
  outbox: OutboxState,
  log: LogEntry[],
): DestinationView {
  return {
    id: destination.id,
    kind: destination.kind,
    address: deliveryKind(destination.kind).mask(destination),
    spaceIds: destination.spaceIds,
    includeTranscript: destination.includeTranscript,
    pending: outbox.entries.filter((entry) => entry.destinationId === destination.id).length,
    log: log.filter((entry) => entry.destinationId === destination.id),
  };
}
