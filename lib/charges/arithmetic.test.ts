/** The double-charge arithmetic: only what nothing else can explain is attributed to the call. */
import { describe, expect, it } from 'vitest';
import { assessClassifyCharge, type ClassifyCheck } from './arithmetic';
import type { OwnCharge } from './types';

const SPACE = 1;
const T0 = 1_000_000;
const mine: OwnCharge = {
  kind: 'charge',
  spaceId: SPACE,
  audioId: 7,
  seconds: 231,
  jobId: 'j1',
  from: T0 + 10,
  to: T0 + 90,
};

function check(over: Partial<ClassifyCheck> = {}): ClassifyCheck {
  return {
    spaceId: SPACE,
    audioId: 7,
    duration: 231,
    before: { usage: 18_000, at: T0 },
    after: { usage: 18_231, at: T0 + 100 },
    own: [mine],
    jobId: 'j1',
    ...over,
  };
}

describe('assessClassifyCharge', () => {
  it('one charge of the duration is fine', () => {
    expect(assessClassifyCharge(check())).toMatchObject({
      verdict: 'ok',
      growth: 231,
      unexplained: 0,
      extraCharges: 0,
    });
  });

  it('two charges of the duration are a double charge', () => {
    const result = assessClassifyCharge(check({ after: { usage: 18_462, at: T0 + 100 } }));
    expect(result).toMatchObject({ verdict: 'double', growth: 462, unexplained: 231, extraCharges: 1 });
  });

  it('three charges (the browser may resend twice) are two extra', () => {
    const result = assessClassifyCharge(check({ after: { usage: 18_693, at: T0 + 100 } }));
    expect(result).toMatchObject({ verdict: 'double', extraCharges: 2 });
  });

  it('tolerates a second of rounding on the service side', () => {
    expect(assessClassifyCharge(check({ after: { usage: 18_463, at: T0 + 100 } })).verdict).toBe('double');
    expect(assessClassifyCharge(check({ after: { usage: 18_232, at: T0 + 100 } })).verdict).toBe('ok');
  });

  it('a concurrent job of ours in the same space explains its own charge', () => {
    const other: OwnCharge = {
      kind: 'charge',
      spaceId: SPACE,
      audioId: 8,
      seconds: 231,
      jobId: 'j2',
      from: T0 + 50,
    };
    const result = assessClassifyCharge(
      check({ own: [mine, other], after: { usage: 18_462, at: T0 + 100 } }),
    );
    expect(result).toMatchObject({ verdict: 'ok', explainedByOthers: 231, unexplained: 0 });
  });

  it('a concurrent job of ours does not hide a double charge on top of it', () => {
    const other: OwnCharge = {
      kind: 'charge',
      spaceId: SPACE,
      audioId: 8,
      seconds: 600,
      jobId: 'j2',
      from: T0 - 5,
      to: T0 + 20,
    };
    const result = assessClassifyCharge(
      check({ own: [mine, other], after: { usage: 18_000 + 231 * 2 + 600, at: T0 + 100 } }),
    );
    expect(result).toMatchObject({ verdict: 'double', extraCharges: 1 });
  });

  it('our charges in other spaces or outside the interval explain nothing', () => {
    const elsewhere: OwnCharge = {
      kind: 'charge',
      spaceId: 2,
      audioId: 9,
      seconds: 231,
      jobId: 'j3',
      from: T0 + 20,
      to: T0 + 30,
    };
    const earlier: OwnCharge = {
      kind: 'charge',
      spaceId: SPACE,
      audioId: 9,
      seconds: 231,
      jobId: 'j4',
      from: T0 - 500,
      to: T0 - 400,
    };
    const result = assessClassifyCharge(
      check({ own: [mine, elsewhere, earlier], after: { usage: 18_462, at: T0 + 100 } }),
    );
    expect(result).toMatchObject({ verdict: 'double', explainedByOthers: 0 });
  });

  it('another member of a shared space charged between the readings: not attributed to us', () => {
    // 231 s ours + 1,500 s of another member's recording: nothing extra of ours.
    const result = assessClassifyCharge(check({ after: { usage: 18_000 + 231 + 1_500, at: T0 + 100 } }));
    expect(result).toMatchObject({ verdict: 'unattributed', unexplained: 1_500, extraCharges: 0 });
  });

  it('another member plus a second charge of ours is not a whole number of charges: not claimed', () => {
    const result = assessClassifyCharge(check({ after: { usage: 18_000 + 231 * 2 + 1_500, at: T0 + 100 } }));
    expect(result.verdict).toBe('unattributed');
  });

  it('a short recording against a long unexplained growth is a coincidence, not dozens of repeats', () => {
    // 42 s ours; 2,730 s of someone else's = 65 × 42 exactly, still not ours (at most 2 repeats).
    const result = assessClassifyCharge(
      check({
        duration: 42,
        after: { usage: 18_000 + 42 + 2_730, at: T0 + 100 },
        own: [{ ...mine, seconds: 42 }],
      }),
    );
    expect(result.verdict).toBe('unattributed');
  });

  it('a refund of our failed run that surely landed inside the interval is added back', () => {
    const refund: OwnCharge = {
      kind: 'refund',
      spaceId: SPACE,
      audioId: 5,
      seconds: 300,
      jobId: 'j5',
      from: T0 + 20,
      to: T0 + 60,
    };
    // Two charges of 231 s and the 300 s refund: the usage grew by 162 s.
    const result = assessClassifyCharge(
      check({ own: [mine, refund], after: { usage: 18_000 + 462 - 300, at: T0 + 100 } }),
    );
    expect(result).toMatchObject({ verdict: 'double', explainedByOthers: -300, extraCharges: 1 });
  });

  it('a refund that may have landed outside the interval is not added back (no false alarm)', () => {
    // The run failed at some point between T0-1000 and T0+60: its refund cannot be placed.
    const refund: OwnCharge = {
      kind: 'refund',
      spaceId: SPACE,
      audioId: 5,
      seconds: 231,
      jobId: 'j5',
      from: T0 - 1_000,
      to: T0 + 60,
    };
    const result = assessClassifyCharge(
      check({ own: [mine, refund], after: { usage: 18_231, at: T0 + 100 } }),
    );
    expect(result).toMatchObject({ verdict: 'ok', explainedByOthers: 0 });
  });

  it('a refund of another member lowers the growth: a hidden double charge stays hidden, never invented', () => {
    const result = assessClassifyCharge(check({ after: { usage: 18_000 + 231 - 100, at: T0 + 100 } }));
    expect(result.verdict).toBe('ok');
  });

  it('usage that went down, or an unknown duration, cannot tell', () => {
    expect(assessClassifyCharge(check({ after: { usage: 17_000, at: T0 + 100 } })).verdict).toBe('unknown');
    expect(assessClassifyCharge(check({ duration: 0 })).verdict).toBe('unknown');
  });

  it('without a job id, this call is recognised by its recording', () => {
    const result = assessClassifyCharge(check({ jobId: undefined, after: { usage: 18_462, at: T0 + 100 } }));
    expect(result).toMatchObject({ verdict: 'double', explainedByOthers: 0 });
  });
});
