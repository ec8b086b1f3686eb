// Meeting pages: who speaks when, sampled while the tab is recorded with "Record here"
// (components/page/speaking-timeline.ts). A script of its own, so the meeting control's script
// keeps its size budget; it stays idle unless the background says the tab is recorded.
import { defineContentScript } from 'wxt/utils/define-content-script';
import { speakingTimeline } from '@/components/page/speaking-timeline';
import { runFeatures } from '@/lib/page/feature';
import { MEETING_MATCHES } from '@/lib/page/match-patterns';

export default defineContentScript({
  matches: [...MEETING_MATCHES],
  runAt: 'document_idle',
  // Some hosts' own message listeners choke on unknown window messages; WXT's custom event suffices.
  noScriptStartedPostMessage: true,
  main(ctx) {
    runFeatures(ctx, [speakingTimeline]);
  },
});
