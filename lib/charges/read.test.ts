/** The charge log as a page reads it back: well-formed entries kept, anything else left out and said. */
import { describe, expect, it } from 'vitest';
import { readChargeLog } from './read';
import { doubleCharge } from './testing';
import type { ChargeIncident, OwnCharge } from './types';

const incident: ChargeIncident = { ...doubleCharge, readAt: [1, 2] };
const duplicate: ChargeIncident = {
  id: 'duplicate-recording:j2',
  kind: 'duplicate-recording',
  at: 5,
  spaceId: 2,
  duplicateIds: [8, 9],
  trashed: true,
  source: 'link',
};
const own: OwnCharge = {
  kind: 'charge',
  spaceId: 1,
  audioId: 1007,
  seconds: 231,
  jobId: 'j1',
  from: 1,
  to: 2,
};

describe('readChargeLog', () => {
  it('nothing stored is an empty log, not damage', () => {
    expect(readChargeLog(undefined)).toEqual({ log: { own: [], incidents: [] }, damaged: false });
    expect(readChargeLog(null)).toEqual({ log: { own: [], incidents: [] }, damaged: false });
  });

  it('keeps a well-formed log as it is', () => {
    const log = {
      own: [own, { kind: 'refund', spaceId: 1, audioId: 3, seconds: 4, from: 5 }],
      incidents: [incident, duplicate],
    };
    expect(readChargeLog(structuredClone(log))).toEqual({ log, damaged: false });
  });

  it('a value that is not a log is empty and damaged', () => {
    for (const value of ['log', 42, [], { own: [] }, { incidents: [] }, { own: {}, incidents: [] }])
      expect(readChargeLog(value)).toEqual({ log: { own: [], incidents: [] }, damaged: true });
  });

  it('leaves out malformed entries and says so', () => {
    const bad: unknown[] = [
      null,
      'x',
      { ...incident, kind: 'stolen' },
      { ...incident, id: 7 },
      { ...incident, at: 'yesterday' },
      { ...incident, spaceId: Number.NaN },
      { ...incident, durationSeconds: '231' },
      { ...incident, spaceName: 5 },
      { ...incident, readAt: [1] },
      { ...duplicate, duplicateIds: ['8'] },
      { ...duplicate, trashed: 'yes' },
    ];
    const read = readChargeLog({
      own: [own, { ...own, kind: 'gift' }, { ...own, seconds: null }],
      incidents: [incident, ...bad],
    });
    expect(read.damaged).toBe(true);
    expect(read.log).toEqual({ own: [own], incidents: [incident] });
  });
});
