/**
 * Makes the uploaded file from the pieces: MediaRecorder's WebM states no duration (the service
 * charges by it, and players cannot seek), so the joined pieces are read with mediabunny and
 * remuxed, without re-encoding, into a WebM whose header states its true duration. Runs in the
 * recording page (the offscreen document), never in the worker or a content script.
 */

export interface AssembledFile {
  file: Blob;
  durationMs: number;
}

export async function assembleRecording(
  pieces: readonly Blob[],
  type = 'audio/webm',
): Promise<AssembledFile> {
  // Loaded when a recording ends: the same document parses calendars and never needs it.
  const { BlobSource, BufferTarget, Conversion, Input, Output, WEBM, WebMOutputFormat } = await import(
    'mediabunny'
  );
  const joined = new Blob([...pieces], { type });
  const input = new Input({ source: new BlobSource(joined), formats: [WEBM] });
  const output = new Output({ format: new WebMOutputFormat(), target: new BufferTarget() });
  const conversion = await Conversion.init({ input, output });
  if (!conversion.isValid) throw new Error('The recording has no track that can be kept.');
  await conversion.execute();
  const buffer = output.target.buffer;
  if (!buffer) throw new Error('The recording could not be written.');
  const file = new Blob([buffer], { type });
  const check = new Input({ source: new BlobSource(file), formats: [WEBM] });
  const durationMs = Math.round((await check.computeDuration()) * 1000);
  return { file, durationMs };
}
