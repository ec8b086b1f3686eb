/**
 * Was a processing call charged more than once? Pure arithmetic on two readings of the space's
 * `usage_count` (seconds used), taken just before and just after the call, and the charges this
 * extension knows it caused. Nothing is attributed to the call that something else can explain:
 *
 * - the call itself explains one charge of the recording's duration;
 * - the extension's other charges whose call overlapped the readings' interval explain theirs
 *   (concurrent jobs in the same space);
 * - refunds (a failed run gives its charge back) only ever lower the growth, so they can hide a
 *   second charge but never invent one: an own refund counts only when it surely landed inside
 *   the interval;
 * - what is left is attributed to this recording only when it is a whole number of charges of
 *   exactly its duration. Anything else (another member of a shared space, the service's own bot
 *   processing, the web app) is not ours to report.
 */
import type { OwnCharge } from './types';

/** Seconds of slack for rounding on the service's side, per charge. */
export const CHARGE_TOLERANCE_S = 1;
/**
 * Chromium resends a request at most twice; with the worker's own call that is 3 charges at most,
 * so at most 2 extra. A larger multiple (a short recording against another member's long one) is
 * a coincidence, not ours.
 */
export const MAX_EXTRA_CHARGES = 2;

export interface Reading {
  /** `subscribe.usage_count` of the space. */
  usage: number;
  /** When the reading's answer arrived (ms, client clock). */
  at: number;
}

export interface ClassifyCheck {
  spaceId: number;
  audioId: number;
  /** The recording's duration in seconds: what one classify charges. */
  duration: number;
  /** Read before the call was sent, and after its answer. */
  before: Reading;
  after: Reading;
  /** The extension's log; the entry of this very call is recognised by `jobId` or `audioId`. */
  own: readonly OwnCharge[];
  jobId?: string;
}

export type ChargeVerdict =
  /** Growth fully explained. */
  | 'ok'
  /** Growth beyond what is explained is a whole number of extra charges of this recording. */
  | 'double'
  /** Growth that is not ours to explain (another member, the service's bot processing). */
  | 'unattributed'
  /** The readings cannot tell (duration unknown, or the usage went down). */
  | 'unknown';

export interface ChargeAssessment {
  verdict: ChargeVerdict;
  /** Growth of `usage_count` between the readings. */
  growth: number;
  /** Own charges and surely-landed refunds of other calls in the interval (charges minus refunds). */
  explainedByOthers: number;
  /** Growth left once this call's one charge and the others are taken off. */
  unexplained: number;
  /** Extra charges of this recording (0 unless `double`). */
  extraCharges: number;
}

const overlaps = (entry: OwnCharge, from: number, to: number) =>
  entry.from <= to && (entry.to === undefined || entry.to >= from);

const inside = (entry: OwnCharge, from: number, to: number) =>
  entry.to !== undefined && entry.from >= from && entry.to <= to;

function isThisCall(entry: OwnCharge, check: ClassifyCheck): boolean {
  if (entry.kind !== 'charge' || entry.spaceId !== check.spaceId) return false;
  return check.jobId !== undefined ? entry.jobId === check.jobId : entry.audioId === check.audioId;
}

export function assessClassifyCharge(check: ClassifyCheck): ChargeAssessment {
  const growth = check.after.usage - check.before.usage;
  const from = check.before.at;
  const to = check.after.at;
  let explainedByOthers = 0;
  for (const entry of check.own) {
    if (entry.spaceId !== check.spaceId || isThisCall(entry, check)) continue;
    if (entry.kind === 'charge' && overlaps(entry, from, to)) explainedByOthers += entry.seconds;
    if (entry.kind === 'refund' && inside(entry, from, to)) explainedByOthers -= entry.seconds;
  }
  const unexplained = growth - check.duration - explainedByOthers;
  const base = { growth, explainedByOthers, unexplained, extraCharges: 0 };
  if (!(check.duration > 0) || growth < 0) return { ...base, verdict: 'unknown' };
  if (unexplained < check.duration - CHARGE_TOLERANCE_S) return { ...base, verdict: 'ok' };
  const charges = Math.round(unexplained / check.duration);
  const whole =
    charges <= MAX_EXTRA_CHARGES &&
    Math.abs(unexplained - charges * check.duration) <= CHARGE_TOLERANCE_S * charges;
  return whole ? { ...base, verdict: 'double', extraCharges: charges } : { ...base, verdict: 'unattributed' };
}
