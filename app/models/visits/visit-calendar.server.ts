import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'

/**
 * A visit's calendar file (issue 38 item 3, decision 0070), written by ical-generator: one event
 * whose UID stays the visit's own for its whole life, with a SEQUENCE that grows with each change,
 * so a calendar that holds the invitation updates or cancels it instead of adding another.
 */
export interface VisitCalendarEvent {
  /** REQUEST when a time is agreed, CANCEL when the visit is called off. */
  method: 'request' | 'cancel'
  uid: string
  sequence: number
  start: Date
  summary: string
  description: string
  /** The listing's page, at its site's configured origin. */
  url: string
  location: { title: string; latitude: number; longitude: number }
  organizer: { name: string; email: string }
  attendee: { name: string; email: string }
  /** When this version of the event was written (DTSTAMP). */
  stamp: Date
}

/** How long a visit is booked for: a walk of the land. */
export const visitDurationMinutes = 60

export function visitCalendarText(event: VisitCalendarEvent) {
  const isCancel = event.method === 'cancel'
  const calendar = ical({
    prodId: { company: 'Land marketplaces', product: 'visit-bookings' },
    method: isCancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  })
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    stamp: event.stamp,
    start: event.start,
    end: new Date(event.start.getTime() + visitDurationMinutes * 60_000),
    summary: event.summary,
    description: event.description,
    url: event.url,
    location: { title: event.location.title, geo: { lat: event.location.latitude, lon: event.location.longitude } },
    organizer: event.organizer,
    attendees: [{ name: event.attendee.name, email: event.attendee.email, rsvp: !isCancel }],
    status: isCancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  })
  return calendar.toString()
}
