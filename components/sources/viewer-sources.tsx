/**
 * The viewer's suggested sources, loaded after its first render: the lines' sources asked of the
 * background (which links them outside any page), the protocol's controls and
 * status (./LineSources.tsx), the transcript's "cited by" of an utterance with the way back to the
 * line, and the Markdown export's lines.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ExportLabels, ExportLine } from '@/lib/export/transcript';
import type { ViewBlock } from '@/lib/format/transcript';
import { citedUtterances, type LineSources, type ProtocolSources } from '@/lib/grounding/sources';
import { sourcesText } from './texts';

export { citedBy } from '@/lib/grounding/sources';
export { sourcesFromBackground } from './from-background';
export type { SourcesState } from './LineSources';
export { LineSources, SourcesStatus } from './LineSources';

/** The Markdown export's lines with their sources' times and speakers, and their words. */
export function exportLines(
  sources: ProtocolSources,
  blocks: readonly ViewBlock[],
): { lines: ExportLine[]; labels: NonNullable<ExportLabels['sources']> } {
  const m = sourcesText.value;
  return {
    lines: sources.lines.map((line) => ({
      text: line.text,
      checked: line.checked,
      cited: citedUtterances(line, blocks).map(({ utterance }) => ({
        start: utterance.start,
        speaker: utterance.speaker,
      })),
    })),
    labels: { title: m.exportTitle, none: m.exportNone, notLookedFor: m.exportNotLookedFor },
  };
}

const short = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

let lists = 0;

/**
 * Under an utterance of the transcript that protocol lines cite: how many, and on request the
 * lines themselves, each a way back to the line (its sources opened there). Open from the start
 * on the utterance a source's link led to.
 */
export function CitedBy({
  lines,
  indices,
  initiallyOpen,
  onBack,
}: {
  lines: readonly LineSources[];
  indices: readonly number[];
  initiallyOpen: boolean;
  onBack: (line: number) => void;
}) {
  const m = sourcesText.value;
  const [open, setOpen] = useState(initiallyOpen);
  const [id] = useState(() => `cited-by-${++lists}`);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(initiallyOpen), [initiallyOpen]);
  return (
    <div class="cited-by" data-testid="cited-by">
      <button
        ref={toggle}
        type="button"
        class="small ghost cited-by-toggle"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        {m.citedBy(indices.length)}
      </button>
      {open && (
        <ul
          id={id}
          class="cited-by-lines"
          aria-label={m.citingLines}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            setOpen(false);
            toggle.current?.focus();
          }}
        >
          {indices.map((index) => {
            const text = short(lines[index]?.text ?? '');
            return (
              <li key={index}>
                <button
                  type="button"
                  class="small ghost cited-by-line"
                  aria-label={m.backToLine(text)}
                  onClick={() => onBack(index)}
                >
                  <span aria-hidden="true">↩ </span>
                  {text}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
