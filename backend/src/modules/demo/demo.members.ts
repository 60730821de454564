export const DEMO_PASSWORD = 'demo-member-2026';

export const DEMO_MEMBERS = [
  {
    name: 'Selam Tesfaye',
    email: 'selam@example.com',
    country: 'United States',
    profession: 'Software Engineer',
    bio: 'Builds payment systems in Seattle; mentors young developers in Addis Ababa.',
    company: 'Cascade Fintech',
    jobTitle: 'Staff Engineer',
    languages: ['Amharic', 'English'],
    skills: ['TypeScript', 'PostgreSQL', 'Mentoring'],
    interests: ['technology', 'education'],
  },
  {
    name: 'Dawit Bekele',
    email: 'dawit@example.com',
    country: 'Germany',
    profession: 'Physician',
    bio: 'Cardiologist in Frankfurt, organising health-awareness evenings for the community.',
    languages: ['Amharic', 'German', 'English'],
    skills: ['Cardiology', 'Public health'],
    interests: ['development', 'culture'],
  },
  {
    name: 'Hanna Girma',
    email: 'hanna@example.com',
    country: 'Canada',
    profession: 'Entrepreneur',
    bio: 'Runs an Ethiopian coffee roastery in Toronto.',
    company: 'Buna House Roasters',
    languages: ['Amharic', 'English', 'French'],
    skills: ['Retail', 'Import and export'],
    interests: ['business', 'culture'],
  },
];
