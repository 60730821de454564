import type { UserRow } from './users.schema';

/** A member's standing as admins see it; blocked wins over approved. */
export enum MemberStatus {
  PENDING = 'pending',
  APPROVED = 'approved',
  BLOCKED = 'blocked',
}

/** The two roles: admin, and everyone else a member (spec section 6). */
export enum UserRole {
  ADMIN = 'admin',
  MEMBER = 'member',
}

export function memberStatus(row: Pick<UserRow, 'approvedAt' | 'blockedAt'>): MemberStatus {
  if (row.blockedAt) return MemberStatus.BLOCKED;
  if (row.approvedAt) return MemberStatus.APPROVED;
  return MemberStatus.PENDING;
}
