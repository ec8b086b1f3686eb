/**
 * "Search all meetings" as the side panel and the viewer show it: loaded after the page's first
 * screen (its code, texts and worker are not part of the first load), for a signed-in account.
 */
import { lazyView } from '../app/lazy';

export const SearchAllMeetings = lazyView(() =>
  import('./MeetingSearch').then((module) => module.MeetingSearch),
);
