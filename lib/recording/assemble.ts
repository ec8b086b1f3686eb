/**
 * Makes the uploaded file from the pieces: MediaRecorder's WebM states no duration (the service
 * charges by it, and players cannot seek), so the joined pieces are read with mediabunny and
 * remuxed, without re-encoding, into a WebM whose header states its true duration. Runs in the
 * recording page (the offscreen document), never in the worker or a content script.
 *
 * Time the computer stood still is taken out: Chrome stamps captured sound with its clock, which
 * on some systems runs on through sleep, so a laptop slept mid-recording leaves a jump in the
 * packets' timestamps that the file's duration (and the charge) would include
 * (docs/record-here.md, "Sleep"). A jump longer than `MAX_GAP_S` is closed: the packets after it
 * follow the one before without a hole.
 */

import { MAX_CUTS, type SleepCut } from './sleep-cuts';

export { MAX_CUTS, type SleepCut };

/** A jump between two packets longer than this (s) is time the computer stood still, not sound. */
export const MAX_GAP_S = 1;

export interface AssembledFile {
  file: Blob;
  durationMs: number;
  /** The time taken out of the file (ms): jumps where the computer stood still. */
  closedMs: number;
  /**
   * Each jump taken out, in order (at most `MAX_CUTS`): the meeting page's timeline, on the
   * browser's clock that ran on through them, is placed on the file with them.
   */
  cuts: SleepCut[];
}

/**
 * The timestamps of packets read in order, with every jump longer than `maxGap` (s) closed: the
 * packet after a jump starts where the one before it ended. `removed` is the time taken out (s),
 * `cuts` each jump closed (ms).
 */
export function gapCloser(maxGap = MAX_GAP_S) {
  let shift = 0;
  let end: number | null = null;
  const cuts: SleepCut[] = [];
  return {
    next(timestamp: number, duration: number): number {
      if (!Number.isFinite(timestamp)) return timestamp;
      const gap = end === null ? 0 : timestamp - shift - end;
      if (gap > maxGap) shift += gap;
      const placed = timestamp - shift;
      if (gap > maxGap && cuts.length < MAX_CUTS)
        cuts.push([Math.round(placed * 1000), Math.round(gap * 1000)]);
      end = Math.max(end ?? placed, placed + (Number.isFinite(duration) && duration > 0 ? duration : 0));
      return placed;
    },
    get removed(): number {
      return shift;
    },
    get cuts(): SleepCut[] {
      return cuts;
    },
  };
}

export async function assembleRecording(
  pieces: readonly Blob[],
  type = 'audio/webm',
): Promise<AssembledFile> {
  // Loaded when a recording ends: the same document parses calendars and never needs it.
  const {
    BlobSource,
    BufferTarget,
    Conversion,
    EncodedAudioPacketSource,
    EncodedPacketSink,
    Input,
    Output,
    WEBM,
    WebMOutputFormat,
  } = await import('mediabunny');
  const joined = new Blob([...pieces], { type });
  const input = new Input({ source: new BlobSource(joined), formats: [WEBM] });
  const output = new Output({ format: new WebMOutputFormat(), target: new BufferTarget() });
  const conversion = await Conversion.init({ input, output });
  if (!conversion.isValid) throw new Error('The recording has no track that can be kept.');
  await conversion.execute();
  const buffer = output.target.buffer;
  if (!buffer) throw new Error('The recording could not be written.');
  let file = new Blob([buffer], { type });
  let check = new Input({ source: new BlobSource(file), formats: [WEBM] });

  // A first pass only measures the jumps; the file is written again only when there is one.
  const track = await check.getPrimaryAudioTrack();
  const measured = gapCloser();
  if (track)
    for await (const packet of new EncodedPacketSink(track).packets())
      measured.next(packet.timestamp, packet.duration);
  if (track && measured.removed > 0) {
    const decoderConfig = await track.getDecoderConfig();
    if (!decoderConfig || !track.codec) throw new Error('The recording could not be read again.');
    const closed = new Output({ format: new WebMOutputFormat(), target: new BufferTarget() });
    const audio = new EncodedAudioPacketSource(track.codec);
    closed.addAudioTrack(audio);
    await closed.start();
    const closer = gapCloser();
    let first = true;
    for await (const packet of new EncodedPacketSink(track).packets()) {
      const timestamp = closer.next(packet.timestamp, packet.duration);
      await audio.add(packet.clone({ timestamp }), first ? { decoderConfig } : undefined);
      first = false;
    }
    await closed.finalize();
    if (!closed.target.buffer) throw new Error('The recording could not be written.');
    file = new Blob([closed.target.buffer], { type });
    check = new Input({ source: new BlobSource(file), formats: [WEBM] });
  }
  const durationMs = Math.round((await check.computeDuration()) * 1000);
  return { file, durationMs, closedMs: Math.round(measured.removed * 1000), cuts: measured.cuts };
}
