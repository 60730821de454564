import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth.decorators';
import { AppException } from '../../common/errors/app-exception';
import { isUuid } from '../../common/validation/uuid.pipe';
import { CheckInService } from './check-in.service';
import { eventNotFound } from './events.errors';

/**
 * The door's routes (`:id` is the event): admins, and members an admin named door staff of that
 * event; nobody else, and door staff of one event not at another (ADR 0057).
 */
@Injectable()
export class DoorStaffGuard implements CanActivate {
  constructor(private readonly checkIns: CheckInService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context
      .switchToHttp()
      .getRequest<{ user?: AuthUser; params: Record<string, string | undefined> }>();
    const eventId = request.params.id;
    if (!isUuid(eventId)) throw eventNotFound();
    if (request.user && (await this.checkIns.mayCheckIn(eventId, request.user))) return true;
    throw AppException.forbidden("Only admins and this event's door staff may check in here");
  }
}
