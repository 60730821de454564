import type TestAgent from 'supertest/lib/agent';
import type { Session } from './factories';

/** The six courses every database has from the migration (spec section 3). */
export const KNOWN_COURSES = [
  'math-grade-5-12',
  'english-grade-5-12',
  'physics-grade-5-12',
  'electrical-engineering',
  'mern-fullstack',
  'computer-basics',
];

/** A valid enrollment form for this member (every section 5 rule met). */
export function newEnrollment(member: Session, overrides: Record<string, unknown> = {}) {
  return {
    course: 'math-grade-5-12',
    courseName: 'Mathematics (Grades 5-12)',
    fullName: member.user.name,
    address: '1200 Pine Street, Apt 4',
    city: 'Seattle',
    telephone: '+1 206 555 0142',
    email: member.user.email,
    ...overrides,
  };
}

export interface EnrollmentBody {
  _id: string;
  course: string;
  courseName: string;
  fullName: string;
  email: string;
  status: string;
  adminNotes: string | null;
  rejectionReason: string | null;
  createdAt: string;
}

/** Submits the form through the API as the member; returns the enrollment. */
export async function enroll(
  http: TestAgent,
  member: Session,
  overrides: Record<string, unknown> = {},
): Promise<EnrollmentBody> {
  const res = await http
    .post('/api/tutorials/enroll')
    .set(member.auth)
    .send(newEnrollment(member, overrides))
    .expect(201);
  return res.body as EnrollmentBody;
}

let courseSequence = 0;

/** A valid course body for POST /tutorials/courses (English and Amharic texts); overrides win. */
export function newCourse(overrides: Record<string, unknown> = {}) {
  courseSequence++;
  return {
    id: `test-course-${courseSequence}`,
    name: 'Chess Basics',
    nameAmharic: 'የቼዝ መሠረታዊ ትምህርት',
    description: 'Openings, tactics and endgames.',
    descriptionAmharic: 'የመክፈቻ ስልቶች፣ ታክቲኮች እና የፍጻሜ ጨዋታዎች።',
    duration: '4 weeks',
    durationAmharic: '4 ሳምንታት',
    level: 'Beginner',
    levelAmharic: 'ጀማሪ',
    price: '$40',
    priceAmharic: '40 ዶላር',
    subjects: ['Openings', 'Tactics'],
    subjectsAmharic: ['መክፈቻዎች', 'ታክቲኮች'],
    ...overrides,
  };
}
