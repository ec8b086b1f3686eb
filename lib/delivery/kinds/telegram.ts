/**
 * Telegram: a bot posts the protocol to a chat (`sendMessage`, `parse_mode: HTML`, the protocol
 * converted outside the worker) and, when the destination takes the transcript, the transcript as
 * a text file (`sendDocument`, multipart). The bot token is a credential like a webhook address:
 * it is kept in the destination's address (`<api>/bot<token>`), with the trusted settings, never
 * shown back beyond the bot's number, never sent to a page or a content script.
 *
 * Limits (core.telegram.org/bots/api): a message is 1-4096 characters after entities parsing, so a
 * long protocol is split at block ends into up to 5 messages (telegram-text.ts), the fifth ending
 * with a note if more was left out; a caption 0-1024 characters; a file up to 50 MB (a transcript
 * is far smaller). Answers are `{ok, error_code, description, parameters: {retry_after}}`: 429
 * waits `retry_after`, 401 and 404 mean the token is wrong, 400 "chat not found" the chat,
 * 403 that the bot may not write there (blocked, removed, not a member), and a 400 with
 * `migrate_to_chat_id` that the group became a supergroup with a new chat id, to be typed in.
 */
import { normalizeDialog } from '@/lib/api/units';
import { speakerLabel } from '@/lib/format/speakers';
import { formatClock, formatDuration } from '@/lib/format/time';
import type { Lang } from '@/lib/i18n';
import type { DeliveryContent } from '../bodies';
import type { AttemptAnswer } from '../retry';
import { escapeTelegram, splitTelegram, TELEGRAM_CAPTION_MAX } from '../telegram-text';
import type { Destination } from '../types';
import { defineKind } from './define';
import type { BotFormTexts, DeliveryKind, DeliveryKindCard, DeliveryRequest } from './types';

/** The Bot API's address (test builds may point it at a receiver on this computer: lib/background/deliveries.ts). */
export const TELEGRAM_API = 'https://api.telegram.org';

const TOKEN = /^(\d{1,20}):[A-Za-z0-9_-]{20,100}$/;
const CHAT = /^(?:-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/;

/** A bot token and a chat as a person typed them, made into the destination's address, or what is wrong. */
export function parseTelegram(
  input: { token: string; chatId: string },
  api = TELEGRAM_API,
): { ok: true; url: string; chatId: string } | { ok: false; problem: 'token' | 'chat' } {
  const token = input.token.trim().replace(/^bot/, '');
  const chatId = input.chatId.trim();
  if (!TOKEN.test(token)) return { ok: false, problem: 'token' };
  if (!CHAT.test(chatId)) return { ok: false, problem: 'chat' };
  return { ok: true, url: `${api.replace(/\/+$/, '')}/bot${token}`, chatId };
}

const LABELS = {
  en: {
    transcript: 'Transcript',
    test: 'Test delivery from Meeting Capture: this destination works.',
    noProtocol: '(The protocol is empty.)',
    cut: '… shortened to fit Telegram; the whole protocol is in Meeting Capture.',
  },
  ru: {
    transcript: 'Расшифровка',
    test: 'Проверка доставки из Meeting Capture: это назначение работает.',
    noProtocol: '(Протокол пуст.)',
    cut: '… сокращено под ограничения Telegram; полный протокол — в Meeting Capture.',
  },
} as const;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The protocol's messages: the title and facts, then the protocol (Telegram HTML), split to fit. */
export function telegramMessages(
  content: DeliveryContent,
  options: { lang: Lang; test: boolean },
  protocol: string,
): string[] {
  const labels = LABELS[options.lang];
  const { recording, result } = content;
  const facts = [recording.spaceName, result.duration ? formatDuration(result.duration, options.lang) : null]
    .filter((fact): fact is string => !!fact)
    .map(escapeTelegram)
    .join(' · ');
  const parts: string[] = [];
  if (options.test) parts.push(escapeTelegram(labels.test));
  parts.push(`<b>${escapeTelegram(oneLine(recording.title) || '—')}</b>${facts ? `\n${facts}` : ''}`);
  parts.push(protocol.trim() || escapeTelegram(labels.noProtocol));
  return splitTelegram(parts.join('\n\n'), labels.cut);
}

/** The transcript as a plain text file: its blocks, each line `[mm:ss] Speaker: text`. */
export function telegramTranscript(content: DeliveryContent, lang: Lang): string | null {
  const dialog = normalizeDialog(content.result);
  if (dialog.blocks.length === 0) return null;
  const given = content.speakerNames ?? {};
  const who = (id: string) => speakerLabel(given[id]?.trim() || dialog.speakers[id] || `SPEAKER_${id}`, lang);
  const lines = [oneLine(content.recording.title), ''];
  for (const block of dialog.blocks) {
    if (block.header.trim() !== '') lines.push(`## ${oneLine(block.header)}`, '');
    for (const u of block.utterances)
      lines.push(`[${formatClock(u.start)}] ${who(u.speakerId)}: ${oneLine(u.text)}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** A file name from the title: letters, digits, spaces and dashes, at most 80 characters. */
export function transcriptFileName(title: string, lang: Lang): string {
  const base = oneLine(title.replace(/[^\p{L}\p{N} _-]+/gu, ' '))
    .slice(0, 80)
    .trim();
  return `${base || LABELS[lang].transcript}.txt`;
}

/** An answer of the Bot API in the deliveries' terms. */
export function telegramAnswer(status: number, body: unknown, retryAfterMs: number | null): AttemptAnswer {
  const answer = (typeof body === 'object' && body !== null ? body : {}) as {
    ok?: unknown;
    error_code?: unknown;
    description?: unknown;
    parameters?: { retry_after?: unknown; migrate_to_chat_id?: unknown };
  };
  const code = typeof answer.error_code === 'number' ? answer.error_code : status;
  // `ok: true` with a 2xx is the one success; a 2xx without it is not the Bot API.
  if (status >= 200 && status < 300) return answer.ok === true ? { status } : { status: 502 };
  const wait = answer.parameters?.retry_after;
  const retryAfter = typeof wait === 'number' && wait >= 0 ? Math.min(wait, 86_400) * 1000 : retryAfterMs;
  const description = typeof answer.description === 'string' ? answer.description : '';
  if (code === 429 || status === 429) return { status: 429, retryAfterMs: retryAfter };
  if (code === 401 || code === 404) return { status: code, refusal: 'bad-token' };
  if (code === 403) return { status: code, refusal: 'bot-blocked' };
  // A group upgraded to a supergroup answers every send with its new chat's id: sending again to
  // the old one can never succeed, and writing elsewhere than the person typed is not ours to do.
  if (answer.parameters?.migrate_to_chat_id !== undefined || /upgraded to a supergroup/i.test(description))
    return { status: code, refusal: 'chat-migrated' };
  if (code === 400 && /chat not found|chat_id is empty|peer_id_invalid/i.test(description))
    return { status: code, refusal: 'chat-not-found' };
  return { status: code >= 100 && code < 600 ? code : status, retryAfterMs: retryAfter };
}

/** The words of Telegram's form on the options page (apart from the kind: the worker does not carry them). */
export const telegramForm: Record<Lang, BotFormTexts> = {
  en: {
    token: 'Bot token',
    tokenHint:
      'From @BotFather (123456789:AA…). The token is a secret: it stays in this browser and is never shown again.',
    chat: 'Chat ID',
    chatHint:
      'The chat the bot writes to: a number (a group’s starts with -100) or @channel. Add the bot to it first.',
    errToken: 'This is not a bot token. Copy it whole from @BotFather: digits, a colon, then letters.',
    errChat: 'The chat is a number (e.g. -1001234567890) or a channel’s @name.',
  },
  ru: {
    token: 'Токен бота',
    tokenHint:
      'От @BotFather (123456789:AA…). Токен секретный: он остаётся в этом браузере и больше не показывается.',
    chat: 'ID чата',
    chatHint:
      'Чат, куда пишет бот: число (у группы начинается с -100) или @канал. Сначала добавьте туда бота.',
    errToken: 'Это не токен бота. Скопируйте его целиком из @BotFather: цифры, двоеточие, затем буквы.',
    errChat: 'Чат — это число (например, -1001234567890) или @имя канала.',
  },
};

export const telegramCard: DeliveryKindCard = {
  kind: 'telegram',
  names: { en: 'Telegram bot', ru: 'Бот Telegram' },
  entry: 'bot',
  bot: {
    api: TELEGRAM_API,
    parse: parseTelegram,
  },
  // A bot token as BotFather gives it, or a Bot API address with one.
  detect: (input) => {
    const value = input.trim();
    if (TOKEN.test(value)) return true;
    try {
      const url = new URL(value);
      return url.hostname.toLowerCase() === 'api.telegram.org' && /^\/bot\d+:/.test(url.pathname);
    } catch {
      return false;
    }
  },
  mask: (destination: Destination) => {
    const bot = /\/bot(\d+):/.exec(destination.url)?.[1] ?? '?';
    return `bot ${bot}:… → ${destination.chatId ?? '?'}`;
  },
};

export const telegramKind: DeliveryKind = /* @__PURE__ */ defineKind(telegramCard, {
  convert: 'telegram',
  withSources: false,
  body: ({ content, destination, options, protocol }) => {
    const chat = destination.chatId ?? '';
    const requests: DeliveryRequest[] = telegramMessages(content, options, protocol).map((text) => ({
      path: '/sendMessage',
      body: JSON.stringify({
        chat_id: chat,
        text,
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
      }),
    }));
    const transcript = options.includeTranscript ? telegramTranscript(content, options.lang) : null;
    if (transcript !== null)
      requests.push({
        path: '/sendDocument',
        body: [
          { name: 'chat_id', value: chat },
          { name: 'caption', value: oneLine(content.recording.title).slice(0, TELEGRAM_CAPTION_MAX) },
          {
            name: 'document',
            file: {
              name: transcriptFileName(content.recording.title, options.lang),
              type: 'text/plain',
              text: transcript,
            },
          },
        ],
      });
    return requests;
  },
  answer: telegramAnswer,
});
