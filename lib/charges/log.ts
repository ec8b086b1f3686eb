/** Pure operations on the charge log: append, settle, trim, and the text the user copies for support. */
import type { Lang } from '@/lib/i18n';
import { incidentText } from './texts';
import { type ChargeIncident, type ChargeLog, MAX_INCIDENTS, MAX_OWN_CHARGES, type OwnCharge } from './types';

export const emptyLog = (): ChargeLog => ({ own: [], incidents: [] });

export function addOwn(log: ChargeLog, entry: OwnCharge): ChargeLog {
  return { ...log, own: [...log.own, entry].slice(-MAX_OWN_CHARGES) };
}

/** Closes the open charge entry of a job: the charge landed no later than `to`. */
export function settleOwn(log: ChargeLog, jobId: string, to: number): ChargeLog {
  return {
    ...log,
    own: log.own.map((entry) =>
      entry.jobId === jobId && entry.kind === 'charge' && entry.to === undefined ? { ...entry, to } : entry,
    ),
  };
}

/** Adds an incident, replacing one with the same id (a repeated detection is not a new incident). */
export function addIncident(log: ChargeLog, incident: ChargeIncident): ChargeLog {
  const rest = log.incidents.filter((other) => other.id !== incident.id);
  return { ...log, incidents: [...rest, incident].slice(-MAX_INCIDENTS) };
}

/** The log as plain text for the service's support: one incident per paragraph, newest first. */
export function supportText(log: ChargeLog, lang: Lang): string {
  const header =
    lang === 'en'
      ? 'Meeting Capture: charges and recordings the service made more than once'
      : 'Meeting Capture: списания и записи, которые сервис сделал больше одного раза';
  const lines = [...log.incidents]
    .sort((a, b) => b.at - a.at)
    .map((incident) => {
      const facts = [
        `${new Date(incident.at).toISOString()}`,
        `space ${incident.spaceId}${incident.spaceName ? ` (${incident.spaceName})` : ''}`,
        incident.audioId === undefined ? null : `recording ${incident.audioId}`,
        incident.durationSeconds === undefined ? null : `duration ${incident.durationSeconds} s`,
        incident.usageBefore === undefined
          ? null
          : `usage_count ${incident.usageBefore} → ${incident.usageAfter}`,
        incident.duplicateIds?.length ? `extra recordings ${incident.duplicateIds.join(', ')}` : null,
      ].filter(Boolean);
      return `${incidentText(incident, lang)}\n[${facts.join('; ')}]`;
    });
  return [header, ...lines].join('\n\n');
}
