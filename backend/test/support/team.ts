let sequence = 0;

/** A valid team member body for POST /team (an instructor with every field); overrides win. */
export function newTeamMember(overrides: Record<string, unknown> = {}) {
  sequence++;
  return {
    name: `Teacher ${sequence}`,
    position: 'Mathematics Instructor',
    positionAmharic: 'የሂሳብ መምህር',
    bio: 'Teaches algebra to grades 9-12.',
    bioAmharic: 'ከ9ኛ-12ኛ ክፍል አልጀብራ ያስተምራል።',
    education: [
      {
        degree: 'MSc',
        field: 'Mathematics',
        institution: 'Addis Ababa University',
        year: 2011,
        isTopUniversity: false,
      },
    ],
    expertise: ['Algebra', 'Geometry', 'Calculus', 'Statistics'],
    languages: ['Amharic', 'English'],
    socialLinks: { linkedin: 'https://www.linkedin.com/in/teacher', email: 'teacher@example.org' },
    isInstructor: true,
    ...overrides,
  };
}
