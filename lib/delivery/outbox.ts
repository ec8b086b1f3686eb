/**
 * Where the deliveries keep their state (the keys of their key-value store), and the two questions
 * the worker asks of it at a wake or a ready result without loading the deliveries themselves
 * (lib/delivery/service.ts): does anything wait in the outbox, and does a destination want
 * this space's protocols. One module for both, so the keys are written in one place.
 */
import type { Destination, OutboxState } from './types';

export const DESTINATIONS_KEY = 'destinations';
export const OUTBOX_KEY = 'outbox';
export const LOG_KEY = 'log';
/** Where an outbox entry's body lives. */
export const bodyKey = (entryId: string) => `body:${entryId}`;

export function wantsSpace(destination: Destination, spaceId: number): boolean {
  return destination.spaceIds === null || destination.spaceIds.includes(spaceId);
}

/** Whether the stored outbox holds any entry (due, leased by an attempt, or waiting for a retry). */
export function outboxHolds(outbox: OutboxState | undefined): boolean {
  return (outbox?.entries.length ?? 0) > 0;
}

/**
 * Whether `destination` belongs to `owner` (the account signed in; undefined: accounts are not
 * told apart). One without an owner (added while nobody was signed in, or kept from before) is
 * taken by the first account that reads it; nobody signed in has only those.
 */
export function ownedBy(destination: Destination, owner: string | null | undefined): boolean {
  if (owner === undefined) return true;
  return destination.owner === undefined || destination.owner === owner;
}

/** Whether any stored destination of `owner` would receive a protocol of `spaceId`. */
export function anyWants(
  destinations: Destination[] | undefined,
  spaceId: number,
  owner?: string | null,
): boolean {
  return (destinations ?? []).some(
    (destination) => ownedBy(destination, owner) && wantsSpace(destination, spaceId),
  );
}
