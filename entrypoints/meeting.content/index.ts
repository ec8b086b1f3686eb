// Meeting pages: Google Meet, the Zoom web client and join pages, Yandex Telemost.
import { MEETING_FEATURES } from '@/lib/page/families';
import { runFeatures } from '@/lib/page/feature';
import { MEETING_MATCHES } from '@/lib/page/match-patterns';

export default defineContentScript({
  matches: [...MEETING_MATCHES],
  runAt: 'document_idle',
  // Some hosts' own message listeners choke on unknown window messages; WXT's custom event suffices.
  noScriptStartedPostMessage: true,
  main(ctx) {
    runFeatures(ctx, MEETING_FEATURES);
  },
});
