/** Generating small WAV files for the seed, and reading the exact duration of WAV uploads (duration.ts). */

/** A mono 8-bit PCM WAV of `seconds` seconds: a soft tone whose pitch depends on `seed`. */
export function makeWav(seconds: number, seed = 0, sampleRate = 8000): Buffer {
  const samples = Math.max(1, Math.round(seconds * sampleRate));
  const buffer = Buffer.alloc(44 + samples);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + samples, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16); // fmt chunk size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // channels
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate, 28); // byte rate = rate * channels * bytes per sample
  buffer.writeUInt16LE(1, 32); // block align
  buffer.writeUInt16LE(8, 34); // bits per sample
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(samples, 40);
  const frequency = 220 + (seed % 12) * 40;
  for (let i = 0; i < samples; i++) {
    const envelope = Math.min(1, i / 400, (samples - i) / 400);
    buffer[44 + i] = 128 + Math.round(40 * envelope * Math.sin((2 * Math.PI * frequency * i) / sampleRate));
  }
  return buffer;
}

/**
 * A mono 8-bit PCM WAV of exactly `size` bytes (a quiet repeating pattern, so parts differ), read
 * by the emulator as (size - 44) / sampleRate seconds. For uploads in tests and benchmarks.
 */
export function wavOfSize(size: number, sampleRate = 8000): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let index = 0; index < text.length; index += 1) bytes[offset + index] = text.charCodeAt(index);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, size - 8, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // channels
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate, true); // byte rate
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, size - 44, true);
  for (let index = 44; index < size; index += 1) bytes[index] = 128 + ((index * 7) % 31);
  return bytes;
}

/**
 * Duration in seconds of a RIFF/WAVE file (data size / byte rate), or null when the bytes are not
 * a WAV the emulator can read. A data chunk whose declared size is 0 or larger than the file (as
 * streaming writers leave it) counts up to the end of the file.
 */
export function wavDurationSeconds(bytes: Uint8Array): number | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 12) return null;
  if (buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE') return null;
  let byteRate = 0;
  let offset = 12;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    const declared = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && body + 16 <= buffer.length) {
      byteRate = buffer.readUInt32LE(body + 8);
    } else if (id === 'data') {
      if (byteRate <= 0) return null;
      const available = buffer.length - body;
      const size = declared === 0 || declared > available ? available : declared;
      return size / byteRate;
    }
    offset = body + declared + (declared % 2);
  }
  return null;
}
