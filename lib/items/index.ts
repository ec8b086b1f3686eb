/**
 * Action items of protocols: each item's text, its suggested owner among the meeting's people,
 * its due date read from the meeting's day, and its place in the protocol (`bullet`, the index
 * the grounded protocol's sources use). Pure: no network, no model, no browser API.
 * docs/open-items.md describes the method and its measured accuracy.
 */
export { type Day, meetingDayOf } from './days';
export { type DueDate, type DueOptions, findDue } from './due';
export { extractItems, ITEMS_MAX } from './extract';
export { itemsOfMeetingFile, meetingNames } from './meeting';
export type { ActionItem, ItemsMeeting } from './types';
