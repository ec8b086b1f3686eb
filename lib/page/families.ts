/**
 * The page families and their features. Each content script runs one registry; a new behaviour on
 * these pages is a new feature file added here.
 */
import { calendarSendBot } from './calendar-send-bot';
import type { PageFeature } from './feature';
import { sendBotButton } from './send-bot-button';
import { transcribeButton } from './transcribe-button';

export const MEETING_FEATURES: readonly PageFeature[] = [sendBotButton];
export const CALENDAR_FEATURES: readonly PageFeature[] = [calendarSendBot];
export const VIDEO_FEATURES: readonly PageFeature[] = [transcribeButton];
