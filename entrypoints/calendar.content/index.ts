// Calendars: Google Calendar, Yandex Calendar, Outlook on the web.
// Each page family is a registry of features (one feature per file, components/page/).
import { defineContentScript } from 'wxt/utils/define-content-script';
import { calendarSendBot } from '@/components/page/calendar-send-bot';
import { runFeatures } from '@/lib/page/feature';
import { CALENDAR_MATCHES } from '@/lib/page/match-patterns';

export default defineContentScript({
  matches: [...CALENDAR_MATCHES],
  runAt: 'document_idle',
  // Some hosts' own message listeners choke on unknown window messages; WXT's custom event suffices.
  noScriptStartedPostMessage: true,
  main(ctx) {
    runFeatures(ctx, [calendarSendBot]);
  },
});
