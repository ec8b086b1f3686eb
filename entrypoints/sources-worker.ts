// The protocol linker's thread (lib/grounding/thread.ts): one result in, its lines' suggested
// sources out, as plain data.
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { sourcesOfResult } from '@/lib/grounding';
import { isSourcesRequest, type SourcesAnswer } from '@/lib/grounding/thread';

export default defineUnlistedScript(() => {
  self.addEventListener('message', (event: MessageEvent) => {
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
