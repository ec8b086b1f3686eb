/**
 * One instance of an event as the product keeps it (a MeetingOccurrence): its times as instants,
 * its meeting link, and its people (addresses for the rules, names for the speakers' rename), read
 * once per event and shared by its occurrences. Cancelled, declined, all-day and link-less ones: none.
 */
import type ICAL from 'ical.js';
import { eventMeetingLink } from './event-links';
import type { FeedZones } from './feed-zones';
import type { MeetingOccurrence } from './types';

/** Attendees kept per event: the rules need a few; a list of thousands is a flood. */
const ATTENDEES_MAX = 200;
/** Titles and the calendar's name are cut here: a hostile feed cannot fill the list or the storage. */
const TITLE_MAX = 500;

function emailOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value
    .replace(/^mailto:/i, '')
    .trim()
    .toLowerCase();
  return email.includes('@') ? email : null;
}

export function startTzid(component: ICAL.Component): string | null {
  const value = component.getFirstProperty('dtstart')?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
}

export function isCancelled(component: ICAL.Component): boolean {
  return String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
}

function declinedBy(component: ICAL.Component, email: string | null): boolean {
  if (!email) return false;
  return component.getAllProperties('attendee').some((attendee) => {
    const partstat = attendee.getParameter('partstat');
    return (
      emailOf(attendee.getFirstValue()) === email &&
      typeof partstat === 'string' &&
      partstat.toUpperCase() === 'DECLINED'
    );
  });
}

/** Every occurrence of a series shares its master's link: it is searched once. */
const links = new WeakMap<ICAL.Component, ReturnType<typeof eventMeetingLink>>();
/** ...and its attendees: one list per event, shared by its occurrences (a structured clone keeps one copy). */
const guests = new WeakMap<ICAL.Component, string[]>();

function attendeesOf(component: ICAL.Component): string[] {
  let list = guests.get(component);
  if (!list) {
    list = [];
    for (const attendee of component.getAllProperties('attendee')) {
      const email = emailOf(attendee.getFirstValue());
      if (email !== null && !list.includes(email)) list.push(email);
      if (list.length >= ATTENDEES_MAX) break;
    }
    guests.set(component, list);
  }
  return list;
}

/** A display name is cut to this many characters (a rename takes at most 100). */
const PERSON_NAME_MAX = 100;
// Control and format characters (bidirectional overrides, zero-width joiners) are dropped.
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
/** A common name that is only an address (Google writes the address when the person has no name). */
const ADDRESS_ONLY = /^(mailto:)?[^\s@]+@[^\s@]+$/i;
/** Calendar users that are no person: a meeting room, a projector, a mailing list. */
const NO_PERSON = new Set(['ROOM', 'RESOURCE', 'GROUP']);

/**
 * A CN parameter as a display name: RFC 6868's caret escapes are undone by ical.js; a backslash
 * before `,` `;` `\` (some producers write them) is dropped; control and bidirectional characters
 * dropped, whitespace collapsed, trimmed, cut at `PERSON_NAME_MAX`. Empty, or only an address: no name.
 */
function personName(value: unknown): string | null {
  const raw = Array.isArray(value) ? value.filter((part) => typeof part === 'string').join(', ') : value;
  if (typeof raw !== 'string') return null;
  const text = raw
    .slice(0, PERSON_NAME_MAX * 8)
    .replace(/\\([,;\\])/g, '$1')
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '' || ADDRESS_ONLY.test(text)) return null;
  const chars = Array.from(text);
  return chars.length > PERSON_NAME_MAX ? chars.slice(0, PERSON_NAME_MAX).join('').trimEnd() : text;
}

const upper = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : '');

/**
 * ...and the display names of its people (the organizer, then the attendees in feed order):
 * names only, never addresses. Left out: an attendee who declined, one that is no person (CUTYPE
 * ROOM, RESOURCE, GROUP), one who is only informed (ROLE=NON-PARTICIPANT), and a CN that is empty
 * or only an address. One per name, compared case-insensitively; at most `ATTENDEES_MAX`.
 */
const named = new WeakMap<ICAL.Component, string[]>();

function peopleOf(component: ICAL.Component): string[] {
  let list = named.get(component);
  if (!list) {
    list = [];
    const seen = new Set<string>();
    const properties = [
      ...component.getAllProperties('organizer'),
      ...component.getAllProperties('attendee'),
    ];
    for (const property of properties) {
      if (list.length >= ATTENDEES_MAX) break;
      if (
        upper(property.getParameter('partstat')) === 'DECLINED' ||
        NO_PERSON.has(upper(property.getParameter('cutype'))) ||
        upper(property.getParameter('role')) === 'NON-PARTICIPANT'
      )
        continue;
      const name = personName(property.getParameter('cn'));
      if (name === null) continue;
      const key = name.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      list.push(name);
    }
    named.set(component, list);
  }
  return list;
}

/** ...and who of them accepted (or tentatively): the same sharing and the same cap. */
const accepting = new WeakMap<ICAL.Component, string[]>();

function acceptedOf(component: ICAL.Component): string[] {
  let list = accepting.get(component);
  if (!list) {
    list = [];
    for (const attendee of component.getAllProperties('attendee')) {
      const partstat = String(attendee.getParameter('partstat') ?? '').toUpperCase();
      const email = emailOf(attendee.getFirstValue());
      if (email !== null && (partstat === 'ACCEPTED' || partstat === 'TENTATIVE') && !list.includes(email)) {
        list.push(email);
      }
      if (list.length >= ATTENDEES_MAX) break;
    }
    accepting.set(component, list);
  }
  return list;
}

export function occurrenceOf(
  event: ICAL.Event,
  start: ICAL.Time,
  end: ICAL.Time,
  email: string | null,
  window: { from: number; to: number },
  zones: FeedZones,
): MeetingOccurrence | null {
  if (start.isDate) return null;
  const component = event.component;
  // Times first: most events of a feed are outside the window, and links cost more to find.
  const tzid = startTzid(component);
  const startsAt = zones.epoch(start, tzid);
  if (startsAt >= window.to) return null;
  const endTzid = component.getFirstProperty('dtend')?.getParameter('tzid');
  const endsAt = Math.max(startsAt, zones.epoch(end, typeof endTzid === 'string' ? endTzid : tzid));
  if (endsAt <= window.from) return null;
  if (isCancelled(component) || declinedBy(component, email)) return null;
  let link = links.get(component);
  if (link === undefined) {
    link = eventMeetingLink(component);
    links.set(component, link);
  }
  if (!link) return null;
  return {
    uid: event.uid ?? '',
    title: (event.summary ?? '').trim().slice(0, TITLE_MAX),
    startsAt,
    endsAt,
    link,
    organizer: emailOf(component.getFirstPropertyValue('organizer')),
    attendees: attendeesOf(component),
    accepted: acceptedOf(component),
    people: peopleOf(component),
  };
}
