/**
 * The suggested sources of the protocol's lines in the popup and the side panel. These pages do not
 * carry the linker (it would double the popup's first load): they ask the background
 * (`recording.sources`), which has the result linked in the linker's Worker and keeps the answer
 * beside the result in the archive, and they show it as plain data (./LineSources.tsx). A source's
 * link opens the transcript at that moment in the viewer.
 */
import type { RefObject } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ProcessingResult } from '@/lib/api/schemas';
import { normalizeDialog } from '@/lib/api/units';
import { prepareTranscript } from '@/lib/format/transcript';
import { viewerUrl } from '../app/links';
import { lang } from '../lang';
import { sourcesFromBackground } from './from-background';
import { LineSources, type SourcesState, SourcesStatus } from './LineSources';

export function PopupSources({
  container,
  spaceId,
  audioId,
  duration,
  result,
  renamed,
}: {
  /** The element the rendered protocol and this view are in. */
  container: RefObject<HTMLElement | null>;
  spaceId: number;
  audioId: number;
  duration: number | null;
  result: ProcessingResult;
  /** The speaker names given in this browser (the sources are linked with them). */
  renamed: Record<string, string>;
}) {
  const [state, setState] = useState<SourcesState>({ state: 'linking' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ state: 'linking' });
    void sourcesFromBackground(spaceId, audioId).then((answer) => live && setState(answer));
    return () => {
      live = false;
    };
  }, [spaceId, audioId, renamed, attempt]);

  const blocks = useMemo(
    () => prepareTranscript(normalizeDialog(result, duration), lang.value, renamed).blocks,
    [result, duration, renamed, lang.value],
  );
  const base = viewerUrl(spaceId, audioId);
  return (
    <>
      <SourcesStatus state={state} onRetry={() => setAttempt((n) => n + 1)} />
      {state.state === 'done' && (
        <LineSources
          container={container}
          sources={state.sources}
          utterance={(place) => blocks[place.block]?.utterances[place.utterance] ?? null}
          href={(place) => `${base}&at=${place.block}.${place.utterance}`}
        />
      )}
    </>
  );
}
