export * from './auto-join';
export { eventMeetingLink } from './event-links';
export { type FeedUrlProblem, maskFeedUrl, parseFeedUrl } from './feed-url';
export { FeedFormatError, type ParseOptions, parseFeed } from './ical-engine';
export { type CalendarOccurrences, occurrenceKey, type PlannedMeeting, planMeetings } from './plan';
export { ruleAccepts, sendTimeOf, skippedByTitle } from './rules';
export * from './types';
