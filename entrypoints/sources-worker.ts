// The protocol linker's thread (lib/grounding/thread.ts): one result in, its lines' suggested
// sources out, as plain data; or a protocol in, its action items and their sources out.
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { sourcesOfResult } from '@/lib/grounding';
import { isItemsMessage, isSourcesRequest, type SourcesAnswer } from '@/lib/grounding/thread';
import { readItems } from '@/lib/items/sourced';

export default defineUnlistedScript(() => {
  self.addEventListener('message', (event: MessageEvent) => {
    if (isItemsMessage(event.data)) {
      // (readItems answers its own failures.)
      self.postMessage(readItems(event.data.items));
      return;
    }
    if (!isSourcesRequest(event.data)) return;
    let answer: SourcesAnswer;
    try {
      answer = { ok: true, sources: sourcesOfResult(event.data.result, event.data.names) };
    } catch (error) {
      answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    self.postMessage(answer);
  });
});
