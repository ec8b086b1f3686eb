// Video pages: YouTube and the other sites the video-page detector accepts.
// Each page family is a registry of features (one feature per file, components/page/).
import { defineContentScript } from 'wxt/utils/define-content-script';
import { transcribeButton } from '@/components/page/transcribe-button';
import { runFeatures } from '@/lib/page/feature';
import { VIDEO_MATCHES } from '@/lib/page/match-patterns';

export default defineContentScript({
  matches: [...VIDEO_MATCHES],
  runAt: 'document_idle',
  // Some hosts' own message listeners choke on unknown window messages; WXT's custom event suffices.
  noScriptStartedPostMessage: true,
  main(ctx) {
    runFeatures(ctx, [transcribeButton]);
  },
});
