/**
 * A Telegram Bot API on this computer (node:http on 127.0.0.1, started by a test), speaking the
 * methods deliveries use: `/bot<token>/getMe`, `/bot<token>/sendMessage` (JSON) and
 * `/bot<token>/sendDocument` (multipart/form-data), with the Bot API's answers: `{ok: true,
 * result}`, or `{ok: false, error_code, description, parameters?}` with the same HTTP status. A
 * token other than the one it was started with is refused (401), as the Bot API does; a script can
 * make the next calls of a method answer an error (a 429 with `retry_after`, a 403, ...).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BotCall {
  method: string;
  token: string;
  /** sendMessage's JSON, or sendDocument's form fields (a file as its name, type and text). */
  body: Record<string, unknown>;
}

export type BotError = { error_code: number; description: string; parameters?: { retry_after?: number } };

export async function startTelegramReceiver(token: string, script: Record<string, BotError[]> = {}) {
  const calls: BotCall[] = [];
  let messageId = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
      if (!match) return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
      const [, called, method] = match as unknown as [string, string, string];
      const raw = Buffer.concat(chunks);
      let body: Record<string, unknown> = {};
      const type = request.headers['content-type'] ?? '';
      if (type.startsWith('multipart/form-data')) {
        const form = await new Request('http://receiver/', {
          method: 'POST',
          headers: { 'content-type': type },
          body: raw,
        }).formData();
        for (const [name, value] of form.entries())
          body[name] =
            typeof value === 'string'
              ? value
              : { name: value.name, type: value.type, text: await value.text() };
      } else if (raw.length > 0) body = JSON.parse(raw.toString('utf8'));
      calls.push({ method, token: called, body });
      if (called !== token) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const scripted = script[method]?.shift();
      if (scripted) return answer(scripted.error_code, { ok: false, ...scripted });
      if (method === 'getMe')
        return answer(200, {
          ok: true,
          result: { id: Number(token.split(':')[0]), is_bot: true, first_name: 'Test bot' },
        });
      if (method === 'sendMessage' || method === 'sendDocument') {
        messageId += 1;
        return answer(200, {
          ok: true,
          result: { message_id: messageId, chat: { id: body.chat_id }, date: 0 },
        });
      }
      return answer(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    of: (method: string) => calls.filter((call) => call.method === method),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
