import { Inject, Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth.decorators';
import { Language } from '../../common/language';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import type { MailCalendar, MailPlace } from '../mail/mail.layout';
import { EventTime, formatEventTime } from '../mail/event-time';
import { MailService } from '../mail/mail.service';
import { NotificationKind } from '../notifications/notification-kinds';
import { NotificationsService } from '../notifications/notifications.service';
import { UsersService } from '../users/users.service';
import { EventRow, RsvpStatus, TicketType } from './events.schema';
import { icsFilename, toIcs } from './events.ics';
import { TicketCodes } from './ticket-code';

/** Characters of the description an emailed calendar file carries (keeps the outbox row and email small). */
const EMAILED_DESCRIPTION_LIMIT = 1000;

/**
 * The emails and notifications of events, RSVPs and tickets (texts: mail/events.templates.ts).
 * Callers run these inside the transaction of the change they report, so the outbox and
 * notification rows and the change commit or roll back together; a failed write fails the change
 * rather than being logged away.
 */
@Injectable()
export class EventsMailer {
  constructor(
    private readonly mail: MailService,
    private readonly users: UsersService,
    private readonly codes: TicketCodes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notifications: NotificationsService,
  ) {}

  async rsvpConfirmation(caller: AuthUser, event: EventRow, status: RsvpStatus): Promise<void> {
    await this.rsvpConfirmations(event, [{ caller, status }]);
  }

  /**
   * Each member's confirmation of their answer, recorded together: a batch of Going answers
   * shares the event's calendar file and its outbox rows' one statement (ADR 0070).
   */
  async rsvpConfirmations(
    event: EventRow,
    answers: { caller: AuthUser; status: RsvpStatus }[],
  ): Promise<void> {
    if (!answers.length) return;
    const shared = {
      eventTitle: event.title,
      when: formatWhen(event),
      eventTime: eventTimeOf(event),
      venue: venueOf(event),
      eventUrl: this.eventUrl(event.id),
    };
    let calendar: MailCalendar | undefined;
    await this.mail.sendMany(
      'rsvpConfirmation',
      answers.map(({ caller, status }) => ({
        to: caller.email,
        payload: {
          name: caller.name,
          status,
          // Going: the email carries the entry ticket (issue 39).
          ...(status === 'going' && {
            ticketCode: this.codes.codeOf({ eventId: event.id, userId: caller.id }),
            calendar: (calendar ??= this.calendarOf(event)),
          }),
          ...shared,
        },
      })),
    );
  }

  /** Moved from the waitlist to going: each member hears of it. */
  promoted(event: EventRow, userIds: string[]): Promise<void> {
    return this.tellGoing(event, userIds, NotificationKind.waitlistPromoted, 'waitlistPromotion');
  }

  /** The event's time or place changed: everyone going hears of it. */
  changed(event: EventRow, userIds: string[]): Promise<void> {
    return this.tellGoing(event, userIds, NotificationKind.eventChanged, 'eventChanged');
  }

  /** One notification (and its email, as the member's preferences say) per member about the event. */
  private async tellGoing(
    event: EventRow,
    userIds: string[],
    kind: NotificationKind,
    template: 'waitlistPromotion' | 'eventChanged',
  ): Promise<void> {
    for (const userId of userIds) {
      const user = await this.users.findById(userId);
      if (!user) continue;
      await this.notifications.notify({
        userId: user.id,
        kind,
        target: { type: 'events', id: event.id },
        data: noticeOf(event),
        email: (unsubscribe) =>
          this.mail.send(
            template,
            user.email,
            {
              name: user.name,
              eventTitle: event.title,
              when: formatWhen(event),
              eventTime: eventTimeOf(event),
              venue: venueOf(event),
              eventUrl: this.eventUrl(event.id),
            },
            { unsubscribe },
          ),
      });
    }
  }

  async receipt(
    userId: string,
    event: EventRow,
    ticket: { ticketType: TicketType; amountCents: number; currency: string },
  ): Promise<void> {
    const user = await this.users.findById(userId);
    if (user) {
      await this.mail.send('ticketReceipt', user.email, {
        name: user.name,
        eventTitle: event.title,
        ticketType: ticket.ticketType,
        amount: formatMoney(ticket.amountCents, ticket.currency),
        ticketCode: this.codes.codeOf({ eventId: event.id, userId }),
        calendar: this.calendarOf(event),
        when: formatWhen(event),
        eventTime: eventTimeOf(event),
        eventUrl: this.eventUrl(event.id),
      });
    }
  }

  async cancelled(event: EventRow, userIds: Set<string>, refundedUserIds: Set<string>) {
    for (const userId of userIds) {
      const user = await this.users.findById(userId);
      if (!user) continue;
      const refunded = refundedUserIds.has(user.id);
      // Transactional (its refund): emailed whatever the member's preference (ADR 0062).
      await this.notifications.notify({
        userId: user.id,
        kind: NotificationKind.eventCancelled,
        target: { type: 'events', id: event.id },
        data: { ...noticeOf(event), refunded },
        email: () =>
          this.mail.send('eventCancelled', user.email, {
            name: user.name,
            eventTitle: event.title,
            when: formatWhen(event),
            eventTime: eventTimeOf(event),
            refunded,
          }),
      });
    }
  }

  /** The file GET /api/events/:id/ics serves, its description shortened: the page has it all. */
  private calendarOf(event: EventRow): MailCalendar {
    return {
      filename: icsFilename(event),
      content: toIcs(event, this.eventUrl(event.id), new Date(), {
        descriptionLimit: EMAILED_DESCRIPTION_LIMIT,
      }),
    };
  }

  eventUrl(id: string): string {
    return `${this.config.publicUrl}/events/${id}`;
  }
}

/** What an event's notification shows: its title, start (in its zone) and venue. */
function noticeOf(event: EventRow) {
  return {
    title: event.title,
    startsAt: event.startsAt.toISOString(),
    timeZone: event.timeZone,
    venue: [event.venueName, event.city].filter(Boolean).join(', '),
  };
}

/** The venue as an email names it: the country in the reader's language when it is sent. */
export function venueOf(event: EventRow): MailPlace {
  return { name: event.venueName, city: event.city, country: event.country };
}

/** The event's start and venue zone, from which each email writes the time in its language. */
export function eventTimeOf(event: EventRow): EventTime {
  return { startsAt: event.startsAt.toISOString(), timeZone: event.timeZone };
}

/** The venue's time with its zone in en-US (spec 9): the text of emails recorded without a language. */
export function formatWhen(event: EventRow): string {
  return formatEventTime(eventTimeOf(event), Language.EN);
}

function formatMoney(cents: number, currency: string): string {
  return (cents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  });
}
