/**
 * Charges this extension caused, and the incidents where the service did more than was asked:
 * a recording charged twice, a recording created twice, a bot request answered as if another bot
 * were active. Plain JSON: persisted in `storage.local` and shown by the popup and the options.
 */

/** One charge (or refund) this extension knows it caused. Times are ms on the client's clock. */
export interface OwnCharge {
  kind: 'charge' | 'refund';
  spaceId: number;
  audioId: number;
  seconds: number;
  jobId?: string;
  /** The charge or refund may have landed at the service at any moment of [from, to]. */
  from: number;
  /** Undefined while the call is still under way (the worker may have died during it). */
  to?: number;
}

export type IncidentKind = 'double-charge' | 'duplicate-recording' | 'bot-busy-unconfirmed';

export interface ChargeIncident {
  /** Stable per job and kind, so a repeated detection replaces rather than doubles. */
  id: string;
  kind: IncidentKind;
  at: number;
  spaceId: number;
  spaceName?: string;
  jobId?: string;
  audioId?: number;
  title?: string;
  /** double-charge: the recording's duration (one charge), and how many extra charges were seen. */
  durationSeconds?: number;
  extraCharges?: number;
  /** double-charge: the space's used seconds read before and after the call, and when. */
  usageBefore?: number;
  usageAfter?: number;
  readAt?: [number, number];
  /** duplicate-recording: the extra recordings and whether they are now in the trash. */
  duplicateIds?: number[];
  trashed?: boolean;
  /** Where the recording or bot came from (file type, link, meeting). */
  source?: string;
}

export interface ChargeLog {
  own: OwnCharge[];
  incidents: ChargeIncident[];
}

/** How many entries of each list are kept (the oldest go first). */
export const MAX_OWN_CHARGES = 300;
export const MAX_INCIDENTS = 100;
