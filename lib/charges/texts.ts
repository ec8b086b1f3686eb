/**
 * What each incident means, in plain words with its figures. English is here; the Russian
 * (./texts-ru.ts) is provided when it comes into force: by the pages' catalog
 * (components/catalog.ts), by the worker at its start (lib/background/texts-provided.ts).
 */
import { formatDayAndTime } from '@/lib/format/day-and-time';
import { formatDuration } from '@/lib/format/time';
import type { Lang } from '@/lib/i18n';
import { lazyTexts } from '@/lib/lazy-texts';
import type { ChargeIncident } from './types';

const en = {
  doubleChargeTitle: 'Charged more than once',
  duplicateTitle: 'Recording created twice',
  botTitle: 'The bot may have been sent',
  recording: (title: string | undefined, id: number | undefined) =>
    title ? `“${title}”` : id === undefined ? 'the recording' : `recording ${id}`,
  doubleCharge: (what: string, extra: number, each: string, total: string, at: string) =>
    `The service charged ${what} ${extra + 1} times instead of once (${each} each, ${total} extra) at ${at}. The connection dropped while processing was being started, and the browser repeated the request by itself. The extra time was not returned: copy the charges log in the options and send it to the service's support to ask for it back.`,
  duplicate: (what: string, count: number, ids: string, trashed: boolean, at: string) =>
    `The service created ${what} ${count + 1} times at ${at}: the connection dropped and the browser repeated the request by itself. ${trashed ? `The extra ${count === 1 ? 'copy' : 'copies'} (${ids}) ${count === 1 ? 'was' : 'were'} moved to the trash; restore from there if needed.` : `The extra ${count === 1 ? 'copy' : 'copies'} (${ids}) could not be moved to the trash; delete ${count === 1 ? 'it' : 'them'} in the list.`}`,
  botBusy: (link: string, at: string) =>
    `At ${at} the service answered that a bot is already in an active meeting in this space, and no other bot sent from this browser is active there. If the connection dropped, the browser repeated the request by itself, and this answer may be about the bot just sent to ${link}: check whether it joined the meeting. Its recording then appears in the space after the meeting.`,
};

export type ChargeTexts = typeof en;

/** The charge incident texts by language: English here, others provided where they come into force. */
export const chargeTextRegistry = lazyTexts<ChargeTexts>('charge incident', en);

export function incidentTitle(incident: ChargeIncident, lang: Lang): string {
  const t = chargeTextRegistry.get(lang);
  if (incident.kind === 'double-charge') return t.doubleChargeTitle;
  if (incident.kind === 'duplicate-recording') return t.duplicateTitle;
  return t.botTitle;
}

export function incidentText(incident: ChargeIncident, lang: Lang): string {
  const t = chargeTextRegistry.get(lang);
  const at = formatDayAndTime(incident.at, lang);
  const what = t.recording(incident.title, incident.audioId);
  switch (incident.kind) {
    case 'double-charge': {
      const each = incident.durationSeconds ?? 0;
      const extra = incident.extraCharges ?? 1;
      return t.doubleCharge(what, extra, formatDuration(each, lang), formatDuration(each * extra, lang), at);
    }
    case 'duplicate-recording': {
      const ids = incident.duplicateIds ?? [];
      return t.duplicate(what, ids.length, ids.join(', '), incident.trashed ?? false, at);
    }
    case 'bot-busy-unconfirmed':
      return t.botBusy(incident.source ?? '—', at);
  }
}
