/**
 * The worker part that answers messages: loaded on the first message after a start, never on an
 * alarm's wake (lib/background/parts.ts).
 */
export { onMenuClick, sendBotFromTab } from '../actions';
export { createHandlers, respond } from '../handlers';
export { notifyPages, withPageOutcome } from '../page-answers';
export { recordFromTab, recordingTabChanged, wipeRecordings } from '../recording';
export { checkMessage, currentSender } from '../senders';
