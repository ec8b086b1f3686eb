/**
 * The soak's judging (scripts/soak-record.ts): double charges and duplicate recordings counted as
 * reported or not, and the figures that must be zero.
 */
import { describe, expect, it } from 'vitest';
import {
  countDoubleCharges,
  countDuplicateRecordings,
  mustBeZeroFailed,
  newSoakResult,
  type Recording,
} from './soak-record';

const recording = (id: number, title: string, fields: Partial<Recording> = {}): Recording =>
  ({
    id,
    title,
    size: 1,
    content_type: 'audio/wav',
    is_active: true,
    is_uploaded: true,
    ...fields,
  }) as Recording;

describe('the soak judges', () => {
  it('counts each charge beyond the first, reported by the extension or not', () => {
    const result = newSoakResult(2, 0.2, 1);
    countDoubleCharges(result, { '1001': 1, '1002': 3, '1003': 2 }, [
      { kind: 'double-charge', audioId: 1002 },
    ]);
    expect(result.doubleCharges).toMatchObject({ total: 3, detectedAndReported: 2, unreported: 1 });
    expect(mustBeZeroFailed(result)).toEqual(['unreportedDoubleCharges=1']);
  });

  it('counts a duplicate recording as reported and trashed, a trashed orphan, or unreported; seeded and owned ones are not duplicates', () => {
    const result = newSoakResult(2, 0.2, 1);
    const all = [
      recording(5, 'Seeded'),
      recording(6, 'Seeded'),
      recording(1001, 'Board.wav'),
      recording(1002, 'Board.wav', { is_active: false }),
      recording(1003, 'Board.wav', { is_active: false, is_uploaded: false }),
      recording(1004, 'Board.wav'),
      recording(1005, 'Meeting 42'),
      recording(1006, 'Meeting 42'),
    ];
    countDuplicateRecordings(
      result,
      all,
      [{ id: 'j', intent: 'upload', phase: 'ready', audioId: 1001 }],
      [{ kind: 'duplicate-recording', duplicateIds: [1002] }],
    );
    expect(result.duplicateRecordings).toMatchObject({
      total: 3,
      detectedAndReported: 1,
      trashedOrphans: 1,
      unreported: 1,
    });
    expect(mustBeZeroFailed(result)).toEqual(['unreportedDuplicateRecordings=1']);
  });

  it('passes a run with every must-be-zero figure at zero', () => {
    expect(mustBeZeroFailed(newSoakResult(2, 0.2, 1))).toEqual([]);
  });
});
