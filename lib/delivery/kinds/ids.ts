/**
 * The delivery kinds' ids, a module of constants only: the message schemas (lib/messaging-schemas.ts)
 * and the stored shapes take them from here without carrying the kinds' code. The registry
 * (index.ts) is a record over these ids, so a kind added here without its file, or a file without
 * its id, does not compile.
 */
export const DELIVERY_KIND_IDS = ['webhook', 'slack', 'telegram', 'tracker'] as const;

export type DestinationKind = (typeof DELIVERY_KIND_IDS)[number];
