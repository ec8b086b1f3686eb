import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, take, VIDEO_SITE_PATH } from '../../lib/api';
import { driveJobs } from './engine';
import { useFileServer } from './files';
import { failure, SEED, type TestEmulator, useSignedIn, wavBlob } from './support';

const PERSONAL = SEED.spaces.personal;
const DOWNLOAD_DELAY_MS = 5_000;
let wav = new Uint8Array(0);
const files = useFileServer({
  get '/media/interview.wav'() {
    return { body: wav, type: 'audio/wav' };
  },
  '/watch/quarterly': {
    body: '<html><head><meta property="og:title" content="Quarterly all-hands &amp; Q&amp;A"><meta property="og:video:duration" content="480"></head></html>',
    type: 'text/html',
  },
});
let emu: TestEmulator;
let client: ApiClient;
useSignedIn({ downloadDelayMs: DOWNLOAD_DELAY_MS, processingDelayMs: 20_000 }, (ready) => {
  ({ emu, client } = ready);
});

beforeAll(async () => {
  wav = new Uint8Array(await wavBlob(8000 * 30 + 44).arrayBuffer());
});

async function visibleIds(): Promise<number[]> {
  return (await take(client.iterateRecordings(PERSONAL, { ordering: '-created_at' }), 1000)).map((r) => r.id);
}

describe('endpoint: Upload by URL (POST .../audio/by_url/)', () => {
  it('states: created hidden from the list, not uploaded; download finishes → is_uploaded, listed, processable', async () => {
    const url = `${files().url}/media/interview.wav`;
    const { audio_id } = await client.uploadByUrl(PERSONAL, {
      url,
      title: 'Interview.wav',
      content_type: 'audio/wav',
    });
    expect(await visibleIds()).not.toContain(audio_id);
    expect((await client.getRecordingInfo(PERSONAL, audio_id)).is_uploaded).toBe(false);
    await emu.advance(DOWNLOAD_DELAY_MS + 1_000);
    const info = await client.getRecordingInfo(PERSONAL, audio_id);
    expect(info).toMatchObject({ is_uploaded: true, duration: 30, title: 'Interview.wav' });
    expect(await visibleIds()).toContain(audio_id);
    // Processable: the job engine starts processing once and reads the result.
    expect((await driveJobs(emu, client).process(PERSONAL, audio_id)).phase).toBe('ready');
  });

  it('states: background download fails → stays is_uploaded:false, no separate error', async () => {
    const { audio_id } = await client.uploadByUrl(PERSONAL, {
      url: `${files().url}/media/missing.wav`,
      title: 'Missing.wav',
      content_type: 'audio/wav',
    });
    await emu.advance(DOWNLOAD_DELAY_MS * 4);
    expect((await client.getRecordingInfo(PERSONAL, audio_id)).is_uploaded).toBe(false);
    expect(await visibleIds()).not.toContain(audio_id);
  });

  it('errors: 400 field lists (url over 255 characters, title extension)', async () => {
    const longUrl = `${files().url}/${'a'.repeat(260)}.wav`;
    const tooLong = await failure(
      client.uploadByUrl(PERSONAL, { url: longUrl, title: 'a.wav', content_type: 'audio/wav' }),
    );
    expect(tooLong).toMatchObject({
      kind: 'validation',
      fields: { url: expect.arrayContaining([expect.stringMatching(/255/)]) },
    });
    const badTitle = await failure(
      client.uploadByUrl(PERSONAL, {
        url: `${files().url}/media/interview.wav`,
        title: 'a.pdf',
        content_type: 'audio/wav',
      }),
    );
    expect(badTitle).toMatchObject({ kind: 'validation', fields: { title: [expect.any(String)] } });
    expect((await emu.counters()).recordingsCreated.by_url).toBe(0);
  });
});

describe(`endpoint: Upload from a video-hosting site (POST .../audio/${VIDEO_SITE_PATH}/)`, () => {
  it('states: hidden while downloading; gets the video title once downloaded', async () => {
    const { audio_id } = await client.uploadFromVideoSite(PERSONAL, {
      url: `${files().url}/watch/quarterly`,
    });
    expect(await visibleIds()).not.toContain(audio_id);
    await emu.advance(DOWNLOAD_DELAY_MS + 1_000);
    const info = await client.getRecordingInfo(PERSONAL, audio_id);
    expect(info).toMatchObject({ is_uploaded: true, title: 'Quarterly all-hands & Q&A.m4a', duration: 480 });
    expect(await visibleIds()).toContain(audio_id);
  });

  it('works with a public video link as well (the service fetches it)', async () => {
    const { audio_id } = await client.uploadFromVideoSite(PERSONAL, {
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    await emu.advance(DOWNLOAD_DELAY_MS + 1_000);
    expect((await client.getRecordingInfo(PERSONAL, audio_id)).is_uploaded).toBe(true);
  });

  it('limits: video url at most 2048 characters (400 field list beyond)', async () => {
    const info = await failure(
      client.uploadFromVideoSite(PERSONAL, { url: `https://video.example/${'v'.repeat(2050)}` }),
    );
    expect(info).toMatchObject({
      kind: 'validation',
      fields: { url: expect.arrayContaining([expect.stringMatching(/2048/)]) },
    });
  });

  it('errors: 403 on a space of another account', async () => {
    expect(
      await failure(client.uploadFromVideoSite(SEED.spaces.other, { url: 'https://v.example/1' })),
    ).toMatchObject({
      kind: 'forbidden',
    });
  });
});
