/**
 * The charge log as read back from `storage.local` by a page, checked by hand (no schema library
 * in the pages): the background wrote it, but an older or damaged copy must not break the page.
 * Entries that do not have the shape of lib/charges/types.ts are left out and said to be left out.
 */
import { emptyLog } from './log';
import type { ChargeIncident, ChargeLog, IncidentKind, OwnCharge } from './types';

export interface ReadChargeLog {
  log: ChargeLog;
  /** Something stored was not a log or an entry of one, and is not shown. */
  damaged: boolean;
}

const KINDS: readonly IncidentKind[] = ['double-charge', 'duplicate-recording', 'bot-busy-unconfirmed'];

type Fields = Record<string, unknown>;
const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const optional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);
const isString = (value: unknown) => typeof value === 'string';
const isNumbers = (value: unknown, length?: number) =>
  Array.isArray(value) && (length === undefined || value.length === length) && value.every(isNumber);

function isIncident(value: unknown): value is ChargeIncident {
  if (!isRecord(value)) return false;
  return (
    typeof value.id === 'string' &&
    KINDS.includes(value.kind as IncidentKind) &&
    isNumber(value.at) &&
    isNumber(value.spaceId) &&
    ['audioId', 'durationSeconds', 'extraCharges', 'usageBefore', 'usageAfter'].every((key) =>
      optional(value[key], isNumber),
    ) &&
    ['spaceName', 'jobId', 'title', 'source'].every((key) => optional(value[key], isString)) &&
    optional(value.readAt, (pair) => isNumbers(pair, 2)) &&
    optional(value.duplicateIds, (ids) => isNumbers(ids)) &&
    optional(value.trashed, (flag) => typeof flag === 'boolean')
  );
}

function isOwnCharge(value: unknown): value is OwnCharge {
  if (!isRecord(value)) return false;
  return (
    (value.kind === 'charge' || value.kind === 'refund') &&
    isNumber(value.spaceId) &&
    isNumber(value.audioId) &&
    isNumber(value.seconds) &&
    isNumber(value.from) &&
    optional(value.to, isNumber) &&
    optional(value.jobId, isString)
  );
}

/** The stored value as a log: nothing stored is an empty log; what is malformed is left out. */
export function readChargeLog(value: unknown): ReadChargeLog {
  if (value === null || value === undefined) return { log: emptyLog(), damaged: false };
  if (!isRecord(value) || !Array.isArray(value.own) || !Array.isArray(value.incidents))
    return { log: emptyLog(), damaged: true };
  const own = value.own.filter(isOwnCharge);
  const incidents = value.incidents.filter(isIncident);
  return {
    log: { own, incidents },
    damaged: own.length !== value.own.length || incidents.length !== value.incidents.length,
  };
}
