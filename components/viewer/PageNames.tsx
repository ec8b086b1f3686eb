/**
 * The names a recording's meeting page suggests (lib/page-names/suggest.ts), offered with
 * `PageNamesOffer` in the viewer and the popup: nothing is shown unless the recording was made
 * with "Record here" on a meeting page that showed its participants, its result is kept in the
 * archive (where names are kept), and at least one voice still labelled `SPEAKER_<nn>` clearly
 * matches a participant. Loaded when a ready result is shown (lazyView). It also tells the viewer the
 * names to offer for each voice left unnamed (the speakers tab's rename): the page's, then the
 * calendar event's attendees kept beside the recording or the bot job (with no page timeline, the
 * attendees alone).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ProcessingResult } from '@/lib/api/schemas';
import { normalizeDialog } from '@/lib/api/units';
import { sendMessage } from '@/lib/messaging';
import type { Rename } from '@/lib/page-names/confirm';
import type { SleepCut } from '@/lib/page-names/cuts';
import type { Matching } from '@/lib/page-names/match';
import { NOTHING_OFFERED, type OfferedNames, offeredNames, suggestNames } from '@/lib/page-names/suggest';
import type { PageTimeline } from '@/lib/page-names/timeline';
import { PageNamesOffer } from './PageNamesOffer';

export interface PageNamesProps {
  spaceId: number;
  audioId: number;
  result: ProcessingResult;
  /** The recording's duration, when the result lacks it (for the unit of its times). */
  duration: number | null;
  renamed: Readonly<Record<string, string>>;
  onRename: Rename;
  onEdit: () => void;
  /**
   * Told the names to offer for each voice left unnamed (speaker id → the page's names, most
   * overlap first, then the calendar event's attendees), for the speakers tab's rename.
   */
  onChoices?: (offered: OfferedNames) => void;
}

/** The names offered for each voice the matching left unnamed, the event's attendees after the page's. */
export function choicesOf(matching: Matching | null, attendees?: readonly string[]): OfferedNames {
  return matching ? offeredNames(matching, attendees) : NOTHING_OFFERED;
}

export function PageNames({
  spaceId,
  audioId,
  result,
  duration,
  renamed,
  onRename,
  onEdit,
  onChoices,
}: PageNamesProps) {
  const [page, setPage] = useState<{
    timeline: PageTimeline;
    startedAt: number;
    bot: boolean;
    attendees?: string[];
    /** The sleeps taken out of the recording's file: `suggestNames` places the page after them. */
    cuts?: SleepCut[];
  } | null>(null);
  useEffect(() => {
    let live = true;
    setPage(null);
    void sendMessage('pageNames.get', { spaceId, audioId }).then((answer) => {
      if (live && answer.ok) setPage(answer.data);
    });
    return () => {
      live = false;
    };
  }, [spaceId, audioId]);
  const matching = useMemo(
    () => (page ? suggestNames(page, normalizeDialog(result, duration), renamed) : null),
    [page, result, duration, renamed],
  );
  useEffect(() => {
    onChoices?.(choicesOf(matching, page?.attendees));
  }, [matching, page, onChoices]);
  if (!matching) return null;
  return <PageNamesOffer matching={matching} renamed={renamed} onRename={onRename} onEdit={onEdit} />;
}
