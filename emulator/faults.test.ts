/** Fault injection: deterministic for a seed, before or after the effect, never on the control surface. */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SEED, startEmulator } from './index';
import { Api } from './test/helpers';

type Outcome = number | 'reset';

async function outcome(promise: Promise<Response>): Promise<Outcome> {
  try {
    const response = await promise;
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'reset';
  }
}

async function run(seed: number) {
  const emulator = await startEmulator({ quiet: true, slowMs: 5 });
  try {
    const api = new Api(emulator);
    await api.signIn();
    expect((await api.control('POST', '/faults', { rate: 0.5, seed })).body).toEqual({ ok: true });
    const seen: Outcome[] = [];
    for (let i = 0; i < 40; i++) {
      seen.push(
        await outcome(
          fetch(`${emulator.url}/api/spaces/`, { headers: { authorization: `Bearer ${api.token}` } }),
        ),
      );
    }
    const counters = await api.counters();
    return { seen, counters };
  } finally {
    await emulator.close();
  }
}

describe('faults', () => {
  it('injects the same faults for the same seed', async () => {
    const [a, b, c] = await Promise.all([run(42), run(42), run(7)]);
    expect(a.seen).toEqual(b.seen);
    expect(a.counters.faults).toEqual(b.counters.faults);
    expect(a.seen).not.toEqual(c.seen);
    expect(new Set(a.seen)).toEqual(new Set([200, 500, 502, 'reset']));
    const f = a.counters.faults;
    expect(f.total).toBe(f.html500 + f.html502 + f.reset + f.slow);
    expect(f.total).toBeGreaterThan(10);
    expect(a.seen.filter((s) => s !== 200)).toHaveLength(f.html500 + f.html502 + f.reset);
  });

  it('loses some answers after the effect happened, and never touches the control surface', async () => {
    const emulator = await startEmulator({ quiet: true, slowMs: 5, faults: 1, faultSeed: 3 });
    try {
      const api = new Api(emulator);
      for (let i = 0; i < 5; i++) expect((await api.control('GET', '/counters')).status).toBe(200);
      await api.control('POST', '/faults', { rate: 0 });
      await api.signIn();
      await api.control('POST', '/faults', { rate: 1, seed: 3 });
      let answered = 0;
      for (let i = 0; i < 24; i++) {
        const status = await outcome(
          fetch(`${emulator.url}/api/spaces/${SEED.spaces.personal}/audio/`, {
            method: 'POST',
            headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ title: `f${i}.wav`, size: 10, content_type: 'audio/wav' }),
          }),
        );
        if (status === 201) answered++;
      }
      const counters = await api.counters();
      // Every /api/ request is faulted at rate 1; a slow one then answers normally (401 here).
      expect([500, 502, 401, 'reset']).toContain(await outcome(fetch(`${emulator.url}/api/spaces/`)));
      expect(counters.faults.total).toBe(24);
      expect(answered).toBe(counters.faults.slow);
      expect(counters.recordingsCreated.upload).toBeGreaterThan(answered);
      expect(counters.recordingsCreated.upload).toBeLessThan(24);

      // Reset restores the start options: here rate 1 with seed 3, from the start of the sequence.
      await api.control('POST', '/reset');
      expect((await api.counters()).requests).toBe(0);
    } finally {
      await emulator.close();
    }
  });

  it('answers faults as HTML pages', async () => {
    const emulator = await startEmulator({ quiet: true, slowMs: 5, faults: 1, faultSeed: 11 });
    try {
      const types = new Set<string>();
      for (let i = 0; i < 12; i++) {
        try {
          const response = await fetch(`${emulator.url}/api/spaces/`);
          if (response.status >= 500) types.add(`${response.status} ${response.headers.get('content-type')}`);
          await response.arrayBuffer();
        } catch {
          types.add('reset');
        }
      }
      expect([...types].sort()).toEqual([
        '500 text/html; charset=utf-8',
        '502 text/html; charset=utf-8',
        'reset',
      ]);
    } finally {
      await emulator.close();
    }
  });
});

/** Raw HTTP/1.1 over one keep-alive socket: the bytes the server wrote before it closed. */
function rawExchange(port: number, requests: string[]): Promise<{ answers: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answers = '';
    const queue = [...requests];
    socket.on('connect', () => socket.write(queue.shift() ?? ''));
    socket.on('data', (chunk) => {
      answers += chunk.toString('latin1');
      // One answer per request; the next request goes on the same connection.
      if (queue.length > 0 && answers.split('HTTP/1.1 ').length - 1 === requests.length - queue.length)
        socket.write(queue.shift() ?? '');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ answers, closed: true }));
    setTimeout(() => reject(new Error('no close within 5 s')), 5_000).unref();
  });
}

describe('armed drops', () => {
  it('applies the effect, then closes the keep-alive connection without a response byte, once', async () => {
    const emulator = await startEmulator({ quiet: true });
    try {
      const api = new Api(emulator);
      await api.signIn();
      const armed = await api.control('POST', '/drops', { method: 'post', path: '^/api/audio/classify/$' });
      expect(armed.body).toEqual({
        ok: true,
        drops: [{ method: 'POST', path: '^/api/audio/classify/$', remaining: 1 }],
      });
      const port = Number(new URL(emulator.url).port);
      const json = JSON.stringify({ audio_id: SEED.recordings.uploadedNotProcessed });
      const auth = `Authorization: Bearer ${api.token}\r\n`;
      const { answers } = await rawExchange(port, [
        `GET /api/spaces/${SEED.spaces.personal}/ HTTP/1.1\r\nHost: x\r\n${auth}Connection: keep-alive\r\n\r\n`,
        `POST /api/audio/classify/ HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: ${json.length}\r\nConnection: keep-alive\r\n\r\n${json}`,
      ]);
      // The GET was answered on a connection kept alive; the POST got nothing at all.
      expect(answers.split('HTTP/1.1 ')).toHaveLength(2);
      expect(answers).toMatch(/^HTTP\/1\.1 200 /);
      expect(answers.toLowerCase()).not.toContain('connection: close');
      const counters = await api.counters();
      expect(counters.classifyCalls).toEqual({ [SEED.recordings.uploadedNotProcessed]: 1 });
      expect(counters.armedDrops).toBe(1);
      expect(counters.faults).toMatchObject({ reset: 1, total: 1 });
      // One shot: the next call is answered.
      expect(
        (await api.post('/api/audio/classify/', { audio_id: SEED.recordings.uploadedNotProcessed })).status,
      ).toBe(201);
      expect((await api.control('GET', '/drops')).body).toEqual({ drops: [] });
    } finally {
      await emulator.close();
    }
  });

  it('refuses a bad pattern and is cleared by reset', async () => {
    const emulator = await startEmulator({ quiet: true });
    try {
      const api = new Api(emulator);
      expect((await api.control('POST', '/drops', { method: 'POST', path: '(' })).status).toBe(400);
      expect((await api.control('POST', '/drops', { method: 'POST' })).status).toBe(400);
      await api.control('POST', '/drops', { method: 'POST', path: '/audio/$', times: 3 });
      expect((await api.control('GET', '/drops')).body.drops).toHaveLength(1);
      await api.control('POST', '/reset');
      expect((await api.control('GET', '/drops')).body).toEqual({ drops: [] });
    } finally {
      await emulator.close();
    }
  });
});
