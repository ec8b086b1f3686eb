/**
 * Makes the uploaded file from the pieces: MediaRecorder's WebM states no duration (the service
 * charges by it, and players cannot seek), so the joined pieces are read with mediabunny and
 * remuxed, without re-encoding, into a WebM whose header states its true duration. Runs in the
 * recording page (the offscreen document), never in the worker or a content script. One pass, the
 * file streamed out as it is written: it holds one copy of the recording beside its pieces (a
 * 3-hour one measured in scripts/bench-assemble.ts; docs/record-here.md, "Cost").
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

/** The bytes the muxer holds before it hands them over (mediabunny keeps at most two such chunks). */
export const WRITE_CHUNK_BYTES = 1024 * 1024;

/**
 * A file written at positions (mediabunny's `StreamTarget` chunks: appended, and the header's sizes
 * patched at the end) as a Blob of Blobs: each write becomes a Blob of its own and the file a list of
 * references to them, so nothing of the file is held twice, and no buffer of its whole size is grown
 * (a browser keeps large Blobs out of the page's memory, on disk when it must).
 */
export function blobWriter(type = 'audio/webm') {
  let file = new Blob([], { type });
  const write = (data: Uint8Array, position: number) => {
    const end = position + data.byteLength;
    const before =
      position <= file.size
        ? file.slice(0, position)
        : new Blob([file, new Uint8Array(position - file.size)]);
    const after = end < file.size ? [file.slice(end)] : [];
    file = new Blob([before, data as Uint8Array<ArrayBuffer>, ...after], { type });
  };
  return {
    writable: new WritableStream<{ type: 'write'; data: Uint8Array; position: number }>({
      write: (chunk) => write(chunk.data, chunk.position),
    }),
    write,
    /** The file as written so far. */
    file: () => file,
  };
}

/**
 * The file of the joined pieces, in one pass: each packet read from them (mediabunny, no
 * re-encoding) is written with its time, a jump longer than `MAX_GAP_S` closed, into a WebM whose
 * header states the true duration, streamed out in chunks (`blobWriter`). The pieces are read as
 * they are (the recording database's Blobs), and the file is the one extra copy.
 */
export async function assembleRecording(
  pieces: readonly Blob[],
  type = 'audio/webm',
): Promise<AssembledFile> {
  // Loaded when a recording ends: the same document parses calendars and never needs it.
  const {
    BlobSource,
    EncodedAudioPacketSource,
    EncodedPacketSink,
    Input,
    Output,
    StreamTarget,
    WEBM,
    WebMOutputFormat,
  } = await import('mediabunny');
  const input = new Input({ source: new BlobSource(new Blob([...pieces], { type })), formats: [WEBM] });
  const track = await input.getPrimaryAudioTrack();
  if (!track) throw new Error('The recording has no track that can be kept.');
  const decoderConfig = await track.getDecoderConfig();
  if (!decoderConfig || !track.codec) throw new Error('The recording could not be read.');
  const sink = blobWriter(type);
  const output = new Output({
    format: new WebMOutputFormat(),
    target: new StreamTarget(sink.writable, { chunked: true, chunkSize: WRITE_CHUNK_BYTES }),
  });
  const audio = new EncodedAudioPacketSource(track.codec);
  output.addAudioTrack(audio);
  await output.start();
  const closer = gapCloser();
  let first = true;
  for await (const packet of new EncodedPacketSink(track).packets()) {
    const timestamp = closer.next(packet.timestamp, packet.duration);
    await audio.add(packet.clone({ timestamp }), first ? { decoderConfig } : undefined);
    first = false;
  }
  if (first) throw new Error('The recording has no sound that can be kept.');
  await output.finalize();
  input.dispose();
  const file = sink.file();
  const check = new Input({ source: new BlobSource(file), formats: [WEBM] });
  const durationMs = Math.round((await check.computeDuration()) * 1000);
  check.dispose();
  return { file, durationMs, closedMs: Math.round(closer.removed * 1000), cuts: closer.cuts };
}
