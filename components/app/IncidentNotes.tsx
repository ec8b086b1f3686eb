/**
 * What the charge checks found about a job (lib/charges), in the popup's language. Loaded only
 * when a job has such a finding: the words of both languages stay out of the popup's first load.
 */
import { incidentText } from '@/lib/charges/texts';
import type { Job } from '@/lib/jobs/types';
import { lang } from '../lang';

export function IncidentNotes({ incidents }: { incidents: NonNullable<Job['incidents']> }) {
  return (
    <>
      {incidents.map((incident) => (
        <div key={incident.id} class="alert warn small-text" role="status" data-testid="job-incident">
          {incidentText(incident, lang.value)}
        </div>
      ))}
    </>
  );
}
