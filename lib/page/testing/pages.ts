/** Page URLs of each family, shared by the condition and match-pattern tests. */

/** Pages a person has open: the tab's URL, not a link in a description. */
export const MEETING_PAGES = [
  'https://meet.google.com/abc-defg-hij',
  'https://meet.google.com/abc-defg-hij?authuser=1&pli=1',
  'https://meet.google.com/lookup/team-standup',
  'https://zoom.us/j/81234567890?pwd=abc',
  'https://us02web.zoom.us/j/81234567890',
  'https://app.zoom.us/wc/81234567890/join?fromPWA=1&pwd=abc',
  'https://zoom.us/wc/join/81234567890',
  'https://zoom.us/s/81234567890',
  'https://acme.zoom.us/my/team.room',
  'https://telemost.yandex.ru/j/12345678901234',
  'https://telemost.360.yandex.ru/j/12345678901234',
];

export const VIDEO_PAGE_URLS = [
  'https://www.youtube.com/watch?v=BaW_jenozKc',
  'https://www.youtube.com/watch?v=BaW_jenozKc&list=PL123&t=42s',
  'https://m.youtube.com/watch?v=BaW_jenozKc',
  'https://www.youtube.com/shorts/BaW_jenozKc',
  'https://rutube.ru/video/3eac3b4561676c17df9132a9a1e62e3e/',
  'https://vk.com/video-77521_162222515',
  'https://vimeo.com/56015672',
  'https://us02web.zoom.us/rec/play/abcdefghij1234567890',
];

export const CALENDAR_PAGES = [
  'https://calendar.google.com/calendar/u/0/r/week',
  'https://calendar.google.com/calendar/r/eventedit/abc123',
  'https://calendar.yandex.ru/week?show_date=2026-03-04',
  'https://calendar.yandex.com/',
  'https://outlook.live.com/calendar/0/view/week',
  'https://outlook.office.com/calendar/item/AAMkAG',
  'https://outlook.office365.com/calendar/view/month',
  'https://outlook.cloud.microsoft/calendar/view/workweek',
  'https://calendar.360.yandex.ru/week',
  'https://calendar.yandex.kz/month',
];
