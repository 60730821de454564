import { Inject, Injectable } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth.decorators';
import { Language } from '../../common/language';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import type { Localised, MailPlace } from '../mail/mail.layout';
import { MailService } from '../mail/mail.service';
import { UsersService } from '../users/users.service';
import { EventRow, RsvpStatus, TicketType } from './events.schema';

/**
 * The emails of events, RSVPs and tickets (texts: mail/events.templates.ts). Callers run these
 * inside the transaction of the change they report, so the outbox row and the change commit or
 * roll back together; a failed write fails the change rather than being logged away.
 */
@Injectable()
export class EventsMailer {
  constructor(
    private readonly mail: MailService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async rsvpConfirmation(caller: AuthUser, event: EventRow, status: RsvpStatus): Promise<void> {
    await this.mail.send('rsvpConfirmation', caller.email, {
      name: caller.name,
      eventTitle: event.title,
      status,
      when: whenInEachLanguage(event),
      venue: venueOf(event),
      eventUrl: this.eventUrl(event.id),
    });
  }

  async promoted(event: EventRow, userIds: string[]): Promise<void> {
    for (const userId of userIds) {
      const user = await this.users.findById(userId);
      if (!user) continue;
      await this.mail.send('waitlistPromotion', user.email, {
        name: user.name,
        eventTitle: event.title,
        when: whenInEachLanguage(event),
        venue: venueOf(event),
        eventUrl: this.eventUrl(event.id),
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
        when: whenInEachLanguage(event),
        eventUrl: this.eventUrl(event.id),
      });
    }
  }

  async cancelled(event: EventRow, userIds: Set<string>, refundedUserIds: Set<string>) {
    for (const userId of userIds) {
      const user = await this.users.findById(userId);
      if (!user) continue;
      await this.mail.send('eventCancelled', user.email, {
        name: user.name,
        eventTitle: event.title,
        when: whenInEachLanguage(event),
        refunded: refundedUserIds.has(user.id),
      });
    }
  }

  eventUrl(id: string): string {
    return `${this.config.publicUrl}/events/${id}`;
  }
}

/** The venue as an email names it: the country in the reader's language when it is sent. */
export function venueOf(event: EventRow): MailPlace {
  return { name: event.venueName, city: event.city, country: event.country };
}

/** The event's time written in every language now: the reader's is picked when it is sent. */
export function whenInEachLanguage(event: EventRow): Localised {
  return { [Language.EN]: formatWhen(event), [Language.AM]: formatWhen(event, Language.AM) };
}

/** Dates in en-US (spec 9), in UTC as stored. */
export function formatWhen(event: EventRow, language: Language = Language.EN): string {
  return `${event.startsAt.toLocaleString(language === Language.AM ? 'am-ET' : 'en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  })} (UTC)`;
}

function formatMoney(cents: number, currency: string): string {
  return (cents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  });
}
