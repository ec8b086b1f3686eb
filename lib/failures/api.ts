/**
 * The sentence for a service error, in the language of the texts given (./api-texts-en.ts,
 * ./api-texts-ru.ts). Apart from ./api-both.ts so that a page loads only its language's texts.
 */

import type { ApiErrorInfo } from '@/lib/api/errors';
import { formatDuration as formatDurationInWords } from '@/lib/format/time';
import type { ApiErrorTexts } from './api-texts-en';

function fieldList(fields: Record<string, string[]>, t: ApiErrorTexts): string {
  return Object.entries(fields)
    .map(([field, messages]) => `${field === 'non_field_errors' ? t.request : field}: ${messages.join(' ')}`)
    .join('; ');
}

/** A message for a person: what happened and what to do about it. */
export function formatApiErrorWith(t: ApiErrorTexts, info: ApiErrorInfo): string {
  const message = messageOf(t, info);
  return info.trashedOrphans?.length ? t.trashedOrphans(message) : message;
}

function messageOf(t: ApiErrorTexts, info: ApiErrorInfo): string {
  switch (info.kind) {
    case 'network':
      return t.network(info.message);
    case 'timeout':
      return info.phase === 'assembling' ? t.assembling : t.timeout;
    case 'aborted':
      return t.aborted;
    case 'html':
      return t.html(info.status, info.text);
    case 'invalid-response':
      return t.invalidResponse(
        info.status,
        info.issues
          .map((issue) => issue.path || '(body)')
          .slice(0, 5)
          .join(', '),
      );
    case 'validation':
      return t.validation([info.detail, fieldList(info.fields, t)].filter((part) => part).join('; '));
    case 'insufficient-balance': {
      if (info.availableSeconds === null) return t.balanceShort(info.spaceName);
      const needed =
        info.neededSeconds === undefined ? undefined : formatDurationInWords(info.neededSeconds, t.lang);
      return t.balanceLeft(formatDurationInWords(info.availableSeconds, t.lang), info.spaceName, needed);
    }
    case 'unpaid':
      return t.unpaid;
    case 'bot-low-balance':
      return t.botLowBalance;
    case 'bot-busy':
      return info.replayPossible ? t.botBusyReplay : t.botBusy;
    case 'forbidden':
      return t.forbidden;
    case 'not-found':
      return t.notFound;
    case 'auth':
      switch (info.reason) {
        case 'invalid-credentials':
          return t.invalidCredentials;
        case 'not-signed-in':
          return t.notSignedIn;
        case 'session-expired':
          return t.sessionExpired;
        case 'token-invalid':
          return t.tokenInvalid;
      }
      break;
    case 'server':
      return t.server(info.status);
    case 'outcome-unknown': {
      const advice = t.outcomeAdvice(info.check, info.audioId);
      const operation = t.operations[info.operation];
      return info.check === 'delete-orphan'
        ? t.outcomeOrphan(operation, info.title, advice)
        : t.outcomeUnknown(operation, info.title, advice);
    }
    case 'missing-etag':
      return t.missingEtag(info.partNumber);
    case 'http': {
      const detail = info.detail ? `: ${info.detail}` : '';
      return info.operation === 'uploadPart'
        ? t.partRefused(info.status, info.code, detail)
        : t.http(info.status, info.code, detail);
    }
    case 'unexpected':
      return t.unexpected(info.message);
  }
  return t.unknown;
}
