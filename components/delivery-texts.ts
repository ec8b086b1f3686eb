/**
 * Text of the options’ Deliveries section, in English and Russian, imported by that section only,
 * so no other page carries it.
 */
import type { DeliveryProblem, LogEntry } from '@/lib/delivery/types';
import { defineMessages, type Lang } from '@/lib/i18n';
import { describeAddressProblem, featureText } from './feature-texts';

export const deliveryTexts = defineMessages(
  {
    deliveries: 'Deliveries',
    deliveriesHint:
      'Every protocol that becomes ready in a job of this browser is sent to these destinations, once. The address is a secret: it stays in this browser.',
    webhookUrl: 'Webhook URL',
    webhookUrlHint:
      'A webhook that takes JSON (its body is described in the project’s docs/deliveries.md, “Webhook body, schema v1”), or a Slack incoming webhook (https://hooks.slack.com/services/…). Only https, except on this computer.',
    format: 'Format',
    addDestination: 'Add destination',
    adding: 'Adding…',
    noDestinations: 'No destination yet.',
    keptForOthers: (count: number) =>
      count === 1
        ? 'A destination set up by another account is kept for that account: its protocols go there once it signs in again.'
        : `${count} destinations set up by other accounts are kept for them: their protocols go there once they sign in again.`,
    spaces: 'Spaces',
    allSpaces: 'All spaces',
    includeTranscript: 'Include the transcript',
    test: 'Test',
    testNamed: (address: string) => `Send a test to ${address}`,
    sending: 'Sending…',
    remove: 'Remove',
    removeNamed: (address: string) => `Remove ${address}`,
    pending: (n: number) =>
      n === 1 ? '1 delivery waiting to be sent' : `${n} deliveries waiting to be sent`,
    lastDeliveries: 'Last deliveries',
    noDeliveries: 'Nothing sent yet.',
    sendAgain: 'Send again',
    sendAgainNamed: (title: string) => `Send “${title}” again`,
    testMessage: 'Test message',
    attempt: (n: number) => `attempt ${n}`,
    delivered: (status: number) => `Delivered (HTTP ${status}).`,
    retrying: (what: string, when: string) => `${what} Trying again at ${when}.`,
    notRetried: (what: string) => `${what} Not tried again.`,
    httpDenied: (status: number) =>
      `The destination refused access (HTTP ${status}): the webhook may have been revoked.`,
    httpNotFound: (status: number) => `There is no webhook at this address (HTTP ${status}).`,
    httpBusy: (status: number) => `The destination could not take it now (HTTP ${status}).`,
    httpRefused: (status: number) => `The destination refused the delivery (HTTP ${status}).`,
    network: 'The destination could not be reached.',
    timeout: 'The destination did not answer within 30 seconds.',
    redirect: 'The destination answered with a redirect, which is not followed: use the final address.',
    permission:
      'Meeting Capture has no access to this site: remove the destination and add it again, allowing access.',
    expired: 'Given up: not delivered within 24 hours of the protocol being ready.',
    interrupted: 'Its answer was not received: the extension stopped during this attempt.',
    badToken: (status: number) =>
      `The bot token was refused (HTTP ${status}): remove the destination and add it again with the token from the bot's settings.`,
    chatNotFound: (status: number) =>
      `The bot knows no such chat (HTTP ${status}): check the chat ID and that the bot was added to the chat.`,
    botBlocked: (status: number) =>
      `The bot may not write to this chat (HTTP ${status}): it was blocked, removed, or is not a member.`,
    chatMigrated: (status: number) =>
      `The group became a supergroup and its chat ID changed (HTTP ${status}): add the bot's chat again with the new ID (it starts with -100).`,
    tasks: (created: string[], adopted: string[]) =>
      [
        created.length > 0 ? `Tasks created: ${created.join(', ')}.` : 'No task created.',
        adopted.length > 0 ? `Made before, not created again: ${adopted.join(', ')}.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    tokenRefused: (status: number) =>
      `Tracker refused the OAuth token or the organization's ID (HTTP ${status}): remove the destination and add it again with a new token and the ID from Administration → Organizations.`,
    noRights: (status: number) =>
      `Tracker refused to create the task (HTTP ${status}): the token's account may not create issues in this queue.`,
    queueNotFound: (status: number) =>
      `Tracker knows no such queue in this organization (HTTP ${status}): check the queue's key and the organization's ID.`,
    unexpectedAnswer:
      'The answer was not Tracker’s (an HTML page or a proxy’s?), so whether the task was created is checked on the next attempt.',
    lastAnswer: (status: number) => `Last answer: HTTP ${status}.`,
    // Problems when adding or sending
    errEmpty: 'Paste the webhook URL first.',
    errInvalid: 'This is not a web address. Copy the whole webhook URL.',
    errScheme: 'The address must start with https://.',
    errInsecure: 'Only https addresses are accepted, except on this computer (127.0.0.1, localhost).',
    errCredentials: 'Remove the user name and password from the address.',
    errTooMany: 'At most 10 destinations can be added.',
    errPermission: (origin: string) =>
      `Meeting Capture was not allowed to send to ${origin}. Add the destination again and allow access when the browser asks.`,
    errNotFound: 'This destination has been removed.',
    errNotReady: 'This recording has no protocol yet.',
    errToken: 'This is not a bot token.',
    errChat: 'This is not a chat ID.',
  },
  {
    deliveries: 'Доставка',
    deliveriesHint:
      'Каждый протокол, готовый в задаче этого браузера, отправляется по этим адресам один раз. Адрес секретный: он остаётся в этом браузере.',
    webhookUrl: 'URL вебхука',
    webhookUrlHint:
      'Вебхук, принимающий JSON (тело описано в документации проекта, docs/deliveries.md, раздел «Webhook body, schema v1»), или входящий вебхук Slack (https://hooks.slack.com/services/…). Только https, кроме этого компьютера.',
    format: 'Формат',
    addDestination: 'Добавить адрес',
    adding: 'Добавляем…',
    noDestinations: 'Адресов пока нет.',
    keptForOthers: (count: number) =>
      count === 1
        ? 'Адрес, добавленный другой учётной записью, сохранён для неё: её протоколы пойдут туда, когда она снова войдёт.'
        : `Адреса, добавленные другими учётными записями (${count}), сохранены для них: их протоколы пойдут туда, когда они снова войдут.`,
    spaces: 'Пространства',
    allSpaces: 'Все пространства',
    includeTranscript: 'Добавлять расшифровку',
    test: 'Проверить',
    testNamed: (address: string) => `Отправить проверку на ${address}`,
    sending: 'Отправляем…',
    remove: 'Удалить',
    removeNamed: (address: string) => `Удалить ${address}`,
    pending: (n: number) => `Ждут отправки: ${n}`,
    lastDeliveries: 'Последние отправки',
    noDeliveries: 'Ещё ничего не отправлено.',
    sendAgain: 'Отправить снова',
    sendAgainNamed: (title: string) => `Отправить «${title}» снова`,
    testMessage: 'Проверочное сообщение',
    attempt: (n: number) => `попытка ${n}`,
    delivered: (status: number) => `Доставлено (HTTP ${status}).`,
    retrying: (what: string, when: string) => `${what} Повторим в ${when}.`,
    notRetried: (what: string) => `${what} Повторять не будем.`,
    httpDenied: (status: number) => `Адрес отказал в доступе (HTTP ${status}): возможно, вебхук отозван.`,
    httpNotFound: (status: number) => `По этому адресу нет вебхука (HTTP ${status}).`,
    httpBusy: (status: number) => `Адрес сейчас не может принять (HTTP ${status}).`,
    httpRefused: (status: number) => `Адрес отклонил доставку (HTTP ${status}).`,
    network: 'Адрес недоступен.',
    timeout: 'Адрес не ответил за 30 секунд.',
    redirect: 'Адрес ответил перенаправлением, по которому мы не переходим: укажите конечный адрес.',
    permission:
      'У Meeting Capture нет доступа к этому сайту: удалите адрес и добавьте снова, разрешив доступ.',
    expired: 'Отправка прекращена: не доставлено за 24 часа после готовности протокола.',
    interrupted: 'Ответ не получен: расширение остановилось во время этой попытки.',
    badToken: (status: number) =>
      `Токен бота отклонён (HTTP ${status}): удалите адрес и добавьте снова с токеном из настроек бота.`,
    chatNotFound: (status: number) =>
      `Бот не знает такого чата (HTTP ${status}): проверьте ID чата и что бот добавлен в чат.`,
    botBlocked: (status: number) =>
      `Боту нельзя писать в этот чат (HTTP ${status}): его заблокировали, удалили или он не участник.`,
    chatMigrated: (status: number) =>
      `Группа стала супергруппой, и её ID чата сменился (HTTP ${status}): добавьте чат бота заново с новым ID (он начинается с -100).`,
    tasks: (created: string[], adopted: string[]) =>
      [
        created.length > 0 ? `Созданы задачи: ${created.join(', ')}.` : 'Задачи не созданы.',
        adopted.length > 0 ? `Уже были, повторно не созданы: ${adopted.join(', ')}.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    tokenRefused: (status: number) =>
      `Трекер отклонил OAuth-токен или ID организации (HTTP ${status}): удалите назначение и добавьте снова с новым токеном и ID из «Администрирование → Организации».`,
    noRights: (status: number) =>
      `Трекер не дал создать задачу (HTTP ${status}): у аккаунта токена нет прав создавать задачи в этой очереди.`,
    queueNotFound: (status: number) =>
      `В этой организации Трекера нет такой очереди (HTTP ${status}): проверьте ключ очереди и ID организации.`,
    unexpectedAnswer:
      'Ответ был не от Трекера (HTML-страница или ответ прокси?), поэтому создана ли задача, проверим при следующей попытке.',
    lastAnswer: (status: number) => `Последний ответ: HTTP ${status}.`,
    errEmpty: 'Сначала вставьте URL вебхука.',
    errInvalid: 'Это не веб-адрес. Скопируйте URL вебхука целиком.',
    errScheme: 'Адрес должен начинаться с https://.',
    errInsecure: 'Принимаются только адреса https, кроме этого компьютера (127.0.0.1, localhost).',
    errCredentials: 'Уберите из адреса имя пользователя и пароль.',
    errTooMany: 'Можно добавить не больше 10 адресов.',
    errPermission: (origin: string) =>
      `Meeting Capture не получил разрешения отправлять на ${origin}. Добавьте адрес снова и разрешите доступ, когда браузер спросит.`,
    errNotFound: 'Этот адрес уже удалён.',
    errNotReady: 'У этой записи ещё нет протокола.',
    errToken: 'Это не токен бота.',
    errChat: 'Это не ID чата.',
  },
);

export const deliveryText = featureText(deliveryTexts);

/** A refused address or action in plain words. */
export function describeDeliveryProblem(
  reason: string,
  problem: string | undefined,
  language: Lang,
  /** A bot kind's own words for a token or chat that is not one. */
  bot?: { errToken: string; errChat: string },
): string {
  const t = deliveryTexts[language];
  if (reason === 'too-many') return t.errTooMany;
  if (reason === 'not-found') return t.errNotFound;
  if (reason === 'not-ready') return t.errNotReady;
  if (problem === 'token') return bot?.errToken ?? t.errToken;
  if (problem === 'chat') return bot?.errChat ?? t.errChat;
  return describeAddressProblem(problem, t);
}

function problemWords(problem: DeliveryProblem | null, status: number | null, language: Lang): string {
  const t = deliveryTexts[language];
  if (problem === 'expired') return status ? `${t.expired} ${t.lastAnswer(status)}` : t.expired;
  if (problem === 'http' && status !== null) {
    if (status === 401 || status === 403) return t.httpDenied(status);
    if (status === 404 || status === 410) return t.httpNotFound(status);
    if (status === 408 || status === 429 || status >= 500) return t.httpBusy(status);
    return t.httpRefused(status);
  }
  if (problem === 'timeout') return t.timeout;
  if (problem === 'redirect') return t.redirect;
  if (problem === 'permission') return t.permission;
  if (problem === 'interrupted') return t.interrupted;
  if (problem === 'bad-token') return t.badToken(status ?? 401);
  if (problem === 'chat-not-found') return t.chatNotFound(status ?? 400);
  if (problem === 'bot-blocked') return t.botBlocked(status ?? 403);
  if (problem === 'chat-migrated') return t.chatMigrated(status ?? 400);
  if (problem === 'token-refused') return t.tokenRefused(status ?? 401);
  if (problem === 'no-rights') return t.noRights(status ?? 403);
  if (problem === 'queue-not-found') return t.queueNotFound(status ?? 404);
  if (problem === 'unexpected-answer') return t.unexpectedAnswer;
  return t.network;
}

/** One log line's outcome in plain words. */
export function describeLogEntry(entry: LogEntry, language: Lang, time: (ms: number) => string): string {
  const t = deliveryTexts[language];
  if (entry.outcome === 'sending') return t.sending;
  const tasks = entry.tasks ? ` ${t.tasks(entry.tasks.created, entry.tasks.adopted)}` : '';
  if (entry.outcome === 'delivered') return `${t.delivered(entry.status ?? 200)}${tasks}`;
  const what = problemWords(entry.problem, entry.status, language);
  if (entry.outcome === 'retrying' && entry.nextAttemptAt)
    return `${t.retrying(what, time(entry.nextAttemptAt))}${tasks}`;
  return entry.problem === 'expired' || entry.test ? what : t.notRetried(what);
}
