import type { components } from './schema';

type Schemas = components['schemas'];

export type User = Schemas['UserDto'];
export type SocialLinks = Schemas['SocialLinksDto'];
export type AuthResponse = Schemas['AuthResponseDto'];
export type LoginRequest = Schemas['LoginDto'];
export type RegisterRequest = Schemas['RegisterDto'];
export type UpdateProfileRequest = Schemas['UpdateProfileDto'];
export type UserList = Schemas['UserListDto'];
export type Health = Schemas['HealthDto'];
export type ApiRoot = Schemas['ApiRootDto'];
export type Course = Schemas['CourseDto'];
export type CourseRequest = Schemas['CreateCourseDto'];
export type Enrollment = Schemas['EnrollmentDto'];
export type EnrollmentList = Schemas['EnrollmentListDto'];
export type EnrollRequest = Schemas['EnrollDto'];
export type EnrollmentStatusUpdate = Schemas['UpdateEnrollmentStatusDto'];
export type TeamMember = Schemas['TeamMemberDto'];
export type TeamMemberRequest = Schemas['CreateTeamMemberDto'];
export type TeamEducation = Schemas['TeamEducationDto'];

/** The one error shape of every API failure. */
export interface ApiErrorBody {
  statusCode?: number;
  msg?: string;
  code?: string;
  error?: string;
  errors?: Array<{ field?: string; msg?: string; message?: string }>;
}

export type Listing = Schemas['ListingDto'];
export type ListingList = Schemas['ListingListDto'];
export type Stats = Schemas['StatsDto'];
