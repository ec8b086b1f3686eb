/**
 * The names a recording's meeting page suggests (lib/speakers/suggest.ts), offered with
 * `NamesFromMeeting` in the viewer and the popup: nothing is shown unless the recording was made
 * with "Record here" on a meeting page that showed its participants, its result is kept in the
 * archive (where names are kept), and at least one voice still labelled `SPEAKER_<nn>` clearly
 * matches a participant. Loaded when a ready result is shown (lazyView). It also tells the viewer the
 * page's names to offer for each voice left unnamed (the speakers tab's rename).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ProcessingResult } from '@/lib/api/schemas';
import { normalizeDialog } from '@/lib/api/units';
import { sendMessage } from '@/lib/messaging';
import type { Rename } from '@/lib/speakers/confirm';
import type { Matching } from '@/lib/speakers/match';
import { suggestNames } from '@/lib/speakers/suggest';
import type { PageTimeline } from '@/lib/speakers/timeline';
import { NamesFromMeeting } from './NamesFromMeeting';

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
   * overlap first), for the speakers tab's rename; `{}` when there are none.
   */
  onChoices?: (choices: Record<string, string[]>) => void;
}

/** The names offered for each voice the matching left unnamed. */
export function choicesOf(matching: Matching | null): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const suggestion of matching?.suggestions ?? [])
    if (suggestion.name === null && suggestion.choices.length > 0)
      out[suggestion.speakerId] = suggestion.choices;
  return out;
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
  const [page, setPage] = useState<{ timeline: PageTimeline; startedAt: number; bot: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    setPage(null);
    void sendMessage('speakers.timeline', { spaceId, audioId }).then((answer) => {
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
    onChoices?.(choicesOf(matching));
  }, [matching, onChoices]);
  if (!matching) return null;
  return <NamesFromMeeting matching={matching} renamed={renamed} onRename={onRename} onEdit={onEdit} />;
}
