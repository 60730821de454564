import type { Course, Enrollment, EnrollmentStatusValue, TeamMember } from '@diaspora/api-client';

// Entities as the API returns them, for this feature's tests.

export function course(id: string, overrides: Partial<Course> = {}): Course {
  return {
    id,
    name: `Course ${id}`,
    nameAmharic: `ኮርስ ${id}`,
    description: 'Learn the basics.',
    descriptionAmharic: 'መሠረታዊ ነገሮችን ይማሩ።',
    duration: '6 weeks',
    durationAmharic: '6 ሳምንታት',
    level: 'Beginner',
    levelAmharic: 'ጀማሪ',
    price: '$120',
    priceAmharic: '120 ዶላር',
    subjects: ['Basics'],
    subjectsAmharic: ['መሠረታዊ'],
    enrollmentCount: 3,
    isActive: true,
    sortOrder: 0,
    ...overrides,
  };
}

export function enrollment(
  id: string,
  overrides: Partial<Omit<Enrollment, 'status'>> & { status?: EnrollmentStatusValue } = {},
): Enrollment {
  return {
    _id: id,
    course: 'computer-basics',
    courseName: 'Computer Basics',
    fullName: 'Selam Tesfaye',
    email: 'selam@example.com',
    address: '1200 Pine Street',
    city: 'Seattle',
    telephone: '+1 206 555 0142',
    status: 'pending',
    adminNotes: null,
    rejectionReason: null,
    createdAt: '2026-03-05T12:00:00.000Z',
    updatedAt: '2026-03-05T12:00:00.000Z',
    ...overrides,
  } as Enrollment;
}

export function teamMember(id: string, overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    _id: id,
    name: `Teacher ${id}`,
    position: 'Instructor',
    positionAmharic: 'መምህር',
    bio: 'Teaches well.',
    bioAmharic: 'በደንብ ያስተምራል።',
    profileImage: null,
    education: [],
    expertise: [],
    languages: ['Amharic', 'English'],
    socialLinks: {},
    isFounder: false,
    isInstructor: true,
    sortOrder: 0,
    ...overrides,
  };
}
