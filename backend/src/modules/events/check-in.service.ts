import { Injectable } from '@nestjs/common';
import { AuthUser, isAdmin } from '../../common/auth/auth.decorators';
import { AppException } from '../../common/errors/app-exception';
import { FieldErrorCode } from '../../common/errors/common.errors';
import { Language } from '../../common/language';
import { AuditAction, AuditTargetType } from '../audit/audit.actions';
import { AuditService } from '../audit/audit.service';
import { UsersService } from '../users/users.service';
import { attendeesCsv } from './attendees-csv';
import {
  CheckInAnswerDto,
  CheckInSyncAnswerDto,
  DoorAttendeeDto,
  DoorEventDto,
  DoorListDto,
  DoorStaffDto,
  EntryTicketDto,
  QueuedCheckInDto,
  SyncedCheckInDto,
  TicketHolderDto,
} from './check-in.dto';
import { CheckInRepository, Door } from './check-in.repository';
import { FREE_TICKET } from './check-in.rules';
import { eventNotFound } from './events.errors';
import { EventRow } from './events.schema';
import { EventsService } from './events.service';
import { TicketCodes } from './ticket-code';

type Answer = Omit<CheckInAnswerDto, 'counts'>;

/** Issue 39: entry tickets, the door's check-in, its offline sync, door staff and the attendee list. */
@Injectable()
export class CheckInService {
  constructor(
    private readonly checkIns: CheckInRepository,
    private readonly codes: TicketCodes,
    private readonly events: EventsService,
    private readonly users: UsersService,
    private readonly audit: AuditService,
  ) {}

  /** One ticket at the door, now: the server's answer and the live counts. */
  async checkIn(
    eventId: string,
    caller: AuthUser,
    code: string,
    source: 'scan' | 'search',
  ): Promise<CheckInAnswerDto> {
    const event = await this.events.requireEvent(eventId);
    const answer = await this.decide(
      event,
      { id: caller.id, name: caller.name, source },
      code,
      new Date(),
    );
    return { ...answer, counts: await this.checkIns.counts(eventId) };
  }

  /**
   * An offline door's queue, in scan order. A ticket admitted elsewhere first (or twice in the
   * queue) is a conflict; the same queued scan sent again (a retried sync) is its own check-in.
   */
  async sync(
    eventId: string,
    caller: AuthUser,
    queued: QueuedCheckInDto[],
  ): Promise<CheckInSyncAnswerDto> {
    const event = await this.events.requireEvent(eventId);
    const door: Door = { id: caller.id, name: caller.name, source: 'sync' };
    const now = Date.now();
    const results: SyncedCheckInDto[] = [];
    for (const item of queued) {
      // A door's clock may run ahead: a scan is never recorded in the future.
      const at = new Date(Math.min(Date.parse(item.scannedAt), now));
      const answer = await this.decide(event, door, item.code, at);
      const mine =
        answer.result === 'already_checked_in' &&
        answer.checkInBy === caller.id &&
        answer.checkedInAt === at.toISOString();
      const result = answer.result === 'already_checked_in' && !mine ? 'conflict' : answer.result;
      results.push({
        code: item.code,
        result: mine ? 'checked_in' : result,
        attendee: answer.attendee,
        checkedInAt: answer.checkedInAt,
        checkedInBy: answer.checkedInBy,
      });
    }
    return { results, counts: await this.checkIns.counts(eventId) };
  }

  /** The door's list: who holds a ticket, with codes, so a door offline still recognises them. */
  async doorList(eventId: string): Promise<DoorListDto> {
    const event = await this.events.requireEvent(eventId);
    const rows = await this.checkIns.doorList(eventId, event.isFree);
    const contacts = await this.users.contactsByIds(rows.map((r) => r.userId));
    const attendees: DoorAttendeeDto[] = rows.map((row) => {
      const ticket = row.ticket ?? { ...FREE_TICKET, status: 'paid' };
      const contact = contacts.get(row.userId);
      return {
        userId: row.userId,
        name: contact?.name ?? '',
        email: contact?.email ?? '',
        ticketType: ticket.ticketType,
        code: this.codes.codeOf({ eventId, userId: row.userId }),
        amount: ticket.amountCents / 100,
        currency: ticket.currency,
        state:
          row.answer === 'going'
            ? 'going'
            : ticket.status === 'disputed'
              ? 'disputed'
              : ticket.status === 'refunded' || ticket.status === 'refunding'
                ? 'refunded'
                : 'not_going',
        checkedInAt: row.checkIn?.checkedInAt.toISOString() ?? null,
        checkedInBy: row.checkIn?.checkedInByName ?? null,
      };
    });
    attendees.sort((a, b) => a.name.localeCompare(b.name));
    return {
      event: doorEventOf(event),
      counts: await this.checkIns.counts(eventId),
      attendees,
    };
  }

  async counts(eventId: string) {
    await this.events.requireEvent(eventId);
    return this.checkIns.counts(eventId);
  }

  /** The attendee list as CSV, its header row in `language`. */
  async csv(eventId: string, language: Language): Promise<{ filename: string; body: string }> {
    const list = await this.doorList(eventId);
    return {
      filename: `attendees-${eventId}.csv`,
      body: attendeesCsv(list.attendees, language),
    };
  }

  /** The events the caller may check in at: admins every recent one, door staff their own. */
  async doorEvents(caller: AuthUser): Promise<DoorEventDto[]> {
    const rows = isAdmin(caller)
      ? await this.checkIns.recentEvents(new Date(Date.now() - 2 * 24 * 3600_000))
      : await this.checkIns.eventsByIds(await this.checkIns.doorEventIds(caller.id));
    return rows.map(doorEventOf);
  }

  /** Whether the caller may check in at this event (admins, and its door staff). */
  async mayCheckIn(eventId: string, caller: AuthUser): Promise<boolean> {
    return isAdmin(caller) || this.checkIns.isDoorStaff(eventId, caller.id);
  }

  // ---------- door staff ----------

  async doorStaff(eventId: string): Promise<DoorStaffDto[]> {
    await this.events.requireEvent(eventId);
    const rows = await this.checkIns.doorStaffOf(eventId);
    const contacts = await this.users.contactsByIds(rows.map((r) => r.userId));
    return rows.map((row) => ({
      userId: row.userId,
      name: contacts.get(row.userId)?.name ?? '',
      email: contacts.get(row.userId)?.email ?? '',
      addedAt: row.createdAt.toISOString(),
    }));
  }

  async addDoorStaff(eventId: string, admin: AuthUser, email: string): Promise<DoorStaffDto[]> {
    const event = await this.events.requireEvent(eventId);
    const member = await this.users.findByEmail(email.trim().toLowerCase());
    if (!member) {
      throw AppException.invalidField(
        'email',
        'No member has this email address',
        FieldErrorCode.NOT_ALLOWED,
      );
    }
    if (await this.checkIns.addDoorStaff(eventId, member.id, admin.id)) {
      await this.audit.record(admin, {
        action: AuditAction.DOOR_STAFF_ADDED,
        target: { type: AuditTargetType.USER, id: member.id, label: member.name },
        details: { event: event.title, eventId },
      });
    }
    return this.doorStaff(eventId);
  }

  async removeDoorStaff(eventId: string, admin: AuthUser, userId: string): Promise<DoorStaffDto[]> {
    const event = await this.events.requireEvent(eventId);
    if (await this.checkIns.removeDoorStaff(eventId, userId)) {
      const member = await this.users.findById(userId);
      await this.audit.record(admin, {
        action: AuditAction.DOOR_STAFF_REMOVED,
        target: { type: AuditTargetType.USER, id: userId, label: member?.name ?? userId },
        details: { event: event.title, eventId },
      });
    }
    return this.doorStaff(eventId);
  }

  // ---------- the member's side ----------

  /** The caller's entry tickets: one per event they are going to that has not ended a day ago. */
  async myTickets(caller: AuthUser): Promise<EntryTicketDto[]> {
    const going = await this.checkIns.goingEventsOf(
      caller.id,
      new Date(Date.now() - 24 * 3600_000),
    );
    const paid = await this.checkIns.paidTicketsOf(
      caller.id,
      going.map((e) => e.id),
    );
    const checkIns = new Map(
      (await this.checkIns.checkInsOf(caller.id)).map((c) => [c.eventId, c]),
    );
    return going
      .filter(
        (event) => event.isFree || paid.some((t) => t.eventId === event.id && t.status === 'paid'),
      )
      .map((event) => ({
        eventId: event.id,
        eventTitle: event.title,
        startsAt: event.startsAt.toISOString(),
        time: event.time,
        timeZone: event.timeZone,
        venueName: event.venueName,
        city: event.city,
        country: event.country,
        holderName: caller.name,
        ticketType:
          paid.find((t) => t.eventId === event.id && t.status === 'paid')?.ticketType ??
          FREE_TICKET.ticketType,
        code: this.codes.codeOf({ eventId: event.id, userId: caller.id }),
        checkedInAt: checkIns.get(event.id)?.checkedInAt.toISOString() ?? null,
      }));
  }

  /** The code of the caller's ticket to one event (the confirmation email's QR code). */
  codeOf(eventId: string, userId: string): string {
    return this.codes.codeOf({ eventId, userId });
  }

  private async decide(
    event: EventRow,
    door: Door,
    code: string,
    at: Date,
  ): Promise<Answer & { checkInBy?: string | null }> {
    const ticket = this.codes.read(code);
    if (!ticket) return { result: 'unknown_code' };
    if (ticket.eventId !== event.id) {
      const other = await this.checkIns.eventsByIds([ticket.eventId]);
      return { result: 'wrong_event', ticketEventTitle: other[0]?.title };
    }
    const outcome = await this.checkIns.admit(event.id, ticket.userId, door, at);
    if (outcome.result === 'no-event') throw eventNotFound();
    const attendee = await this.holderOf(event, ticket.userId);
    if (!attendee) return { result: 'unknown_code' };
    return {
      result: outcome.result,
      attendee,
      checkedInAt: outcome.checkIn?.checkedInAt.toISOString(),
      checkedInBy: outcome.checkIn?.checkedInByName,
      checkInBy: outcome.checkIn?.checkedInBy,
    };
  }

  private async holderOf(event: EventRow, userId: string): Promise<TicketHolderDto | undefined> {
    const member = await this.users.findById(userId);
    if (!member) return undefined;
    const tickets = event.isFree ? [] : await this.checkIns.paidTicketsOf(userId, [event.id]);
    const ticket = tickets.find((t) => t.status === 'paid') ?? tickets[0];
    return {
      userId,
      name: member.name,
      email: member.email,
      ticketType: ticket?.ticketType ?? FREE_TICKET.ticketType,
    };
  }
}

function doorEventOf(
  event: Pick<
    EventRow,
    'id' | 'title' | 'startsAt' | 'timeZone' | 'cancelledAt' | 'cancelRequestedAt'
  >,
): DoorEventDto {
  return {
    id: event.id,
    title: event.title,
    startsAt: event.startsAt.toISOString(),
    timeZone: event.timeZone,
    cancelled: event.cancelledAt !== null || event.cancelRequestedAt !== null,
  };
}
