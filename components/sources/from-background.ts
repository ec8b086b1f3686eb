/**
 * A shown result's lines with their suggested sources, as the background has them: linked in the
 * linker's Worker once per revision of the result and its speaker names, and kept beside it
 * (lib/background/sources.ts). The viewer, the popup and the side panel ask here; none carries the
 * linker.
 */
import { sendMessage } from '@/lib/messaging';
import { describeError } from '../failures';
import { lang } from '../lang';
import type { SourcesState } from './LineSources';

export async function sourcesFromBackground(spaceId: number, audioId: number): Promise<SourcesState> {
  const answer = await sendMessage('recording.sources', { spaceId, audioId });
  if (!answer.ok) return { state: 'failed', message: describeError(answer.error, lang.value) };
  // No ready result: no lines to show sources of.
  return { state: 'done', sources: answer.data ?? { lines: [], complete: true } };
}
