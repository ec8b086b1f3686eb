import { describe, expect, it } from 'vitest';
import { toApiErrorInfo } from './errors';
import { createRecordingChecked, sendBotSafely, startProcessingSafely } from './safe';
import { FakeService, html, json, NOW, page, recording, testClient } from './testing/fake-service';

const running = {
  classified: false,
  success: false,
  audio_id: 5,
  title: 'a.mp3',
  duration: 60,
  result: null,
};
const CLASSIFY = '/api/audio/classify/';
const RESULT = '/api/spaces/1/audio/5/result/';

describe('start processing: first check the result endpoint', () => {
  it('unknown outcome, result 200 → the charge took effect, classify is not called again', async () => {
    const service = new FakeService().on('POST', CLASSIFY, html(502)).on('GET', RESULT, json(200, running));
    const { client } = testClient({ service });
    expect(await startProcessingSafely(client, 1, 5)).toEqual({
      status: 'started',
      confirmedBy: 'result-check',
    });
    expect(service.to('POST', CLASSIFY)).toHaveLength(1);
  });

  it('unknown outcome, result 404 → not started, classify is called again once', async () => {
    const service = new FakeService()
      .on('POST', CLASSIFY, 'network-error', json(201, { request_id: 'r2' }))
      .on('GET', RESULT, json(404, { detail: 'Not found.' }));
    const { client } = testClient({ service });
    expect(await startProcessingSafely(client, 1, 5)).toEqual({
      status: 'started',
      confirmedBy: 'answer',
      requestId: 'r2',
    });
    expect(service.to('POST', CLASSIFY)).toHaveLength(2);
  });

  it('never calls classify a third time', async () => {
    const service = new FakeService()
      .on('POST', CLASSIFY, html(500))
      .on('GET', RESULT, json(404, { detail: 'Not found.' }));
    const { client } = testClient({ service });
    const info = await startProcessingSafely(client, 1, 5).catch(toApiErrorInfo);
    expect(info).toMatchObject({
      kind: 'outcome-unknown',
      operation: 'startProcessing',
      check: 'processing-result',
      audioId: 5,
    });
    expect(service.to('POST', CLASSIFY)).toHaveLength(2);
  });

  it('after a timeout (the service may still be working), waits as long again before checking', async () => {
    const service = new FakeService().on('POST', CLASSIFY, 'hang').on('GET', RESULT, json(200, running));
    const { client, sleeps } = testClient({ service, timeoutMs: 1_100 });
    expect(await startProcessingSafely(client, 1, 5)).toEqual({
      status: 'started',
      confirmedBy: 'result-check',
    });
    expect(sleeps).toEqual([1_100]);
    expect(service.to('POST', CLASSIFY)).toHaveLength(1);
  });

  it('does not call classify again when the result endpoint cannot be read', async () => {
    const service = new FakeService()
      .on('POST', CLASSIFY, 'network-error')
      .on('GET', RESULT, 'network-error');
    const { client } = testClient({ service });
    expect(await startProcessingSafely(client, 1, 5).catch(toApiErrorInfo)).toMatchObject({
      kind: 'outcome-unknown',
    });
    expect(service.to('POST', CLASSIFY)).toHaveLength(1);
  });

  it('treats a lasting HTML 500 from the result endpoint as started (it only answers 500 once started)', async () => {
    const service = new FakeService().on('POST', CLASSIFY, 'network-error').on('GET', RESULT, html(500));
    const { client } = testClient({ service });
    expect(await startProcessingSafely(client, 1, 5)).toMatchObject({ confirmedBy: 'result-check' });
    expect(service.to('POST', CLASSIFY)).toHaveLength(1);
  });

  it('asks the result endpoint first when a previous attempt may have taken effect', async () => {
    const service = new FakeService()
      .on('POST', CLASSIFY, json(201, { request_id: 'x' }))
      .on('GET', RESULT, json(200, running));
    const { client } = testClient({ service });
    expect(await startProcessingSafely(client, 1, 5, { alreadyAttempted: true })).toMatchObject({
      confirmedBy: 'result-check',
    });
    expect(service.to('POST', CLASSIFY)).toHaveLength(0);
  });

  it('completes a balance error with the needed seconds and the space name', async () => {
    const service = new FakeService()
      .on('POST', CLASSIFY, json(403, { detail: 'Not enough', duration: 118, code: 1 }))
      .on('GET', '/api/spaces/4/audio/5/info/', json(200, recording({ id: 5, space_id: 4, duration: 750 })))
      .on(
        'GET',
        '/api/spaces/4/',
        json(200, {
          id: 4,
          name: 'Almost empty',
          description: '',
          subscribe: { available_usage_count: 118, is_active: true },
        }),
      );
    const { client } = testClient({ service });
    expect(await startProcessingSafely(client, 4, 5).catch(toApiErrorInfo)).toMatchObject({
      kind: 'insufficient-balance',
      availableSeconds: 118,
      neededSeconds: 750,
      spaceName: 'Almost empty',
    });
  });
});

describe('send a bot: re-sending is its own check', () => {
  const MEETING = '/api/space/1/meeting/';
  const body = { link: 'https://meet.google.com/abc-defg-hij', meeting_service: 'google_meet' } as const;

  it('resend answers code 5 → the first call took effect', async () => {
    const service = new FakeService().on(
      'POST',
      MEETING,
      'network-error',
      json(400, { detail: 'Busy', code: 5 }),
    );
    const { client } = testClient({ service });
    expect(await sendBotSafely(client, 1, body)).toEqual({
      status: 'sent',
      request: null,
      confirmedBy: 'busy-check',
    });
    expect(service.to('POST', MEETING)).toHaveLength(2);
  });

  it('resend answers 201 → the first call had not taken effect', async () => {
    const service = new FakeService().on('POST', MEETING, html(500), json(201, { id: 8, ...body }));
    const { client } = testClient({ service });
    expect(await sendBotSafely(client, 1, body)).toEqual({
      status: 'sent',
      request: { id: 8, ...body },
      confirmedBy: 'resend',
    });
  });

  it('a second unknown outcome is reported, not retried again', async () => {
    const service = new FakeService().on('POST', MEETING, html(500));
    const { client } = testClient({ service });
    expect(await sendBotSafely(client, 1, body).catch(toApiErrorInfo)).toMatchObject({
      kind: 'outcome-unknown',
      check: 'meeting',
    });
    expect(service.to('POST', MEETING)).toHaveLength(2);
  });

  it('code 5 confirms an earlier attempt whose outcome was unknown', async () => {
    const service = new FakeService().on('POST', MEETING, json(400, { detail: 'Busy', code: 5 }));
    const { client } = testClient({ service });
    expect(await sendBotSafely(client, 1, body, { alreadyAttempted: true })).toMatchObject({
      confirmedBy: 'busy-check',
    });
    expect(await sendBotSafely(client, 1, body).catch(toApiErrorInfo)).toMatchObject({ kind: 'bot-busy' });
  });

  it('after a timeout, waits as long again as the timeout before the resend', async () => {
    const service = new FakeService().on('POST', MEETING, 'hang', json(201, { id: 8, ...body }));
    const { client, sleeps } = testClient({ service, timeoutMs: 30 });
    expect(await sendBotSafely(client, 1, body)).toMatchObject({ confirmedBy: 'resend' });
    expect(sleeps).toEqual([1_000]);
    const slow = testClient({
      service: new FakeService().on('POST', MEETING, 'hang', json(201, { id: 8, ...body })),
      timeoutMs: 1_100,
    });
    await sendBotSafely(slow.client, 1, body);
    expect(slow.sleeps).toEqual([1_100]);
  });

  it('a known refusal is not resent', async () => {
    const service = new FakeService().on('POST', MEETING, json(400, { detail: 'Low', code: 4 }));
    const { client } = testClient({ service });
    expect(await sendBotSafely(client, 1, body).catch(toApiErrorInfo)).toMatchObject({
      kind: 'bot-low-balance',
    });
    expect(service.requests).toHaveLength(1);
  });
});

describe('create a recording: look for it before creating again', () => {
  const CREATE = '/api/spaces/1/audio/';
  const body = { title: 'Plan (v2).mp3', size: 2048, content_type: 'audio/mpeg' };

  it('finds the recording the lost answer created, by exact title, size, type and time', async () => {
    const orphan = recording({
      id: 77,
      ...body,
      is_uploaded: false,
      created_at: new Date(NOW + 500).toISOString(),
    });
    const older = recording({
      id: 70,
      ...body,
      is_uploaded: false,
      created_at: new Date(NOW - 3_600_000).toISOString(),
    });
    const service = new FakeService()
      .on('POST', CREATE, html(502))
      .on('GET', CREATE, json(200, page([orphan, older])));
    const { client } = testClient({ service });
    expect(await createRecordingChecked(client, 1, body)).toMatchObject({
      status: 'orphaned',
      audioIds: [77],
    });
    const search = service.to('GET', CREATE)[0]!.url.searchParams;
    expect(search.get('search')).toBe('^Plan \\(v2\\)\\.mp3$');
    expect(search.get('ordering')).toBe('-created_at');
    expect(search.get('limit')).toBeTruthy();
  });

  it('reports not-created when nothing matches (other size, already uploaded)', async () => {
    const other = recording({
      id: 78,
      ...body,
      size: 1,
      is_uploaded: false,
      created_at: new Date(NOW).toISOString(),
    });
    const done = recording({ id: 79, ...body, is_uploaded: true, created_at: new Date(NOW).toISOString() });
    const service = new FakeService()
      .on('POST', CREATE, 'network-error')
      .on('GET', CREATE, json(200, page([other, done])));
    const { client } = testClient({ service });
    expect(await createRecordingChecked(client, 1, body)).toMatchObject({ status: 'not-created' });
    expect(service.to('POST', CREATE)).toHaveLength(1);
  });

  it('keeps the outcome unknown when the lookup fails', async () => {
    const service = new FakeService().on('POST', CREATE, 'network-error').on('GET', CREATE, 'network-error');
    const { client } = testClient({ service });
    expect(await createRecordingChecked(client, 1, body).catch(toApiErrorInfo)).toMatchObject({
      kind: 'outcome-unknown',
      operation: 'createRecording',
    });
  });
});
