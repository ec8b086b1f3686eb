import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assembleRecording, blobWriter, gapCloser, MAX_CUTS, MAX_GAP_S } from './assemble';

/** Places packets of 20 ms at `timestamps` (s) through one closer. */
function place(timestamps: number[], maxGap = MAX_GAP_S) {
  const closer = gapCloser(maxGap);
  return { placed: timestamps.map((t) => Number(closer.next(t, 0.02).toFixed(3))), removed: closer.removed };
}

describe('the time the computer stood still is taken out of the file', () => {
  it('a 20-minute jump mid-recording (a laptop slept) is closed: what follows starts where the sound before ended', () => {
    const { placed, removed } = place([0, 0.02, 0.04, 1_200.06, 1_200.08]);
    expect(placed).toEqual([0, 0.02, 0.04, 0.06, 0.08]);
    expect(removed).toBeCloseTo(1_200, 6);
  });

  it('contiguous packets and small jitter are kept as they are; a jump of the bound itself is sound, not sleep', () => {
    expect(place([0, 0.02, 0.05, 0.07]).placed).toEqual([0, 0.02, 0.05, 0.07]);
    expect(place([0, 0.02, 0.04 + MAX_GAP_S]).removed).toBe(0);
  });

  it('several sleeps are each closed, and the total is what was removed', () => {
    const { placed, removed } = place([0, 10, 10.02, 40, 40.02]);
    expect(placed).toEqual([0, 0.02, 0.04, 0.06, 0.08]);
    expect(removed).toBeCloseTo(39.94, 6);
  });

  it('says where each sleep was closed in the file and how long it was (ms), for the page timeline to follow', () => {
    const closer = gapCloser();
    for (const t of [0, 10, 10.02, 40, 40.02]) closer.next(t, 0.02);
    expect(closer.cuts).toEqual([
      [20, 9_980],
      [60, 29_960],
    ]);
    const many = gapCloser();
    for (let i = 0; i <= MAX_CUTS + 5; i += 1) many.next(i * 10, 0.02);
    expect(many.cuts).toHaveLength(MAX_CUTS);
  });

  it('a packet that goes back in time or holds no number moves nothing', () => {
    const closer = gapCloser();
    closer.next(5, 0.02);
    expect(closer.next(4, 0.02)).toBe(4);
    expect(closer.next(Number.NaN, Number.NaN)).toBeNaN();
    expect(closer.removed).toBe(0);
    // The packets after it are still followed.
    expect(closer.next(65, 0.02)).toBeCloseTo(5.02, 6);
  });
});

describe('the file is written as it is made, at most once in memory', () => {
  /** What `writes` make of a file held in one flat buffer, the way a file on disk would be written. */
  function flat(writes: Array<[number[], number]>): number[] {
    const bytes: number[] = [];
    for (const [data, position] of writes) {
      while (bytes.length < position) bytes.push(0);
      data.forEach((byte, index) => {
        bytes[position + index] = byte;
      });
    }
    return bytes;
  }

  it('appends, fills a hole with zeros, and patches bytes already written (the header’s sizes at the end), as a flat buffer would', async () => {
    const writes: Array<[number[], number]> = [
      [[1, 2, 3], 0],
      [[4, 5], 3],
      [[9], 8],
      [[7, 7], 1],
      [[6, 6, 6], 7],
      [[8], 0],
    ];
    const writer = blobWriter();
    for (const [data, position] of writes) writer.write(new Uint8Array(data), position);
    const written = [...new Uint8Array(await writer.file().arrayBuffer())];
    expect(written).toEqual(flat(writes));
    expect(writer.file().type).toBe('audio/webm');
  });

  it('MediaRecorder’s pieces joined make one WebM of their duration, the same when read in other cuts', async () => {
    // Written for the tests from a real MediaRecorder file: emulator/test/fixtures/README.md.
    const recorded = readFileSync(
      path.join(import.meta.dirname, '../../emulator/test/fixtures/mediarecorder-7s.webm'),
    );
    const made = [];
    for (const size of [1_000, 4_096]) {
      const pieces: Blob[] = [];
      for (let start = 0; start < recorded.length; start += size)
        pieces.push(new Blob([recorded.subarray(start, start + size)]));
      made.push(await assembleRecording(pieces));
    }
    const [first, second] = made;
    expect(first!.durationMs).toBeGreaterThan(6_500);
    expect(first!.durationMs).toBeLessThan(7_500);
    expect(first!.closedMs).toBe(0);
    expect(first!.file.type).toBe('audio/webm');
    expect(new Uint8Array(await second!.file.arrayBuffer())).toEqual(
      new Uint8Array(await first!.file.arrayBuffer()),
    );
  });
});
