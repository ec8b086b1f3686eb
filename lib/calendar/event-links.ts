/**
 * The meeting link of a calendar event. Calendars put it in different places: Google in
 * X-GOOGLE-CONFERENCE and the description, Outlook in LOCATION, X-MICROSOFT-* and an HTML
 * description (X-ALT-DESC), Yandex in the description and URL, RFC 7986 clients in CONFERENCE.
 * Every value goes through `findMeetingLinks`, which reads HTML-escaped text and unwraps
 * redirectors (Safe Links, Google redirects...).
 */
import type ICAL from 'ical.js';
import { findMeetingLinks, type MeetingLink } from '@/lib/meetings';

/** Where a dedicated conference link lives: checked first, since it is the meeting's own. */
const CONFERENCE_PROPERTIES = [
  'x-google-conference',
  'conference',
  'x-microsoft-onlinemeetingconferencelink',
  'x-microsoft-onlinemeetingexternallink',
  'x-microsoft-skypeteamsmeetingurl',
];

/** Then the places people and calendars write links in. */
const TEXT_PROPERTIES = ['location', 'url', 'description', 'x-alt-desc'];

/** Other vendor properties that look like a conference (X-TELEMOST-..., X-ZOOM-...). */
const VENDOR_CONFERENCE = /^x-.*(?:conference|meeting|telemost|zoom)/i;

function valuesOf(component: ICAL.Component, name: string): string[] {
  return component
    .getAllProperties(name)
    .flatMap((property) => property.getValues())
    .map((value) => (typeof value === 'string' ? value : String(value)));
}

export function eventMeetingLink(component: ICAL.Component): MeetingLink | null {
  const vendor = component
    .getAllProperties()
    .map((property) => property.name)
    .filter((name) => VENDOR_CONFERENCE.test(name) && !CONFERENCE_PROPERTIES.includes(name));
  for (const name of [...CONFERENCE_PROPERTIES, ...vendor, ...TEXT_PROPERTIES]) {
    for (const value of valuesOf(component, name)) {
      const [first] = findMeetingLinks(value);
      if (first) return first;
    }
  }
  return null;
}
