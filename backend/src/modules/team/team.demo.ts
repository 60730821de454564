import { Injectable, OnModuleInit } from '@nestjs/common';
import { DemoService } from '../demo/demo.service';
import { TeamRepository } from './team.repository';
import { NewTeamMemberRow } from './team.schema';

/** Among the first seeders: the team shows on Home and About. */
const ORDER = 5;

const TEAM: NewTeamMemberRow[] = [
  {
    name: 'Dawit Bekele',
    position: 'Founder and Executive Director',
    positionAmharic: 'መሥራች እና ዋና ዳይሬክተር',
    bio: 'A software engineer who started the network to bring diaspora professionals together.',
    bioAmharic: 'በውጭ የሚኖሩ ባለሙያዎችን ለማገናኘት ይህንን መረብ የመሠረተ የሶፍትዌር መሐንዲስ።',
    education: [
      {
        degree: 'MSc',
        field: 'Computer Science',
        institution: 'Addis Ababa University',
        year: 2009,
        isTopUniversity: false,
      },
    ],
    expertise: ['Software Engineering', 'Community Building', 'Strategy'],
    languages: ['Amharic', 'English'],
    socialLinks: { linkedin: 'https://www.linkedin.com/', email: 'dawit@example.org' },
    isFounder: true,
    isInstructor: false,
    sortOrder: 1,
  },
  {
    name: 'Selam Tadesse',
    position: 'Co-Founder and Head of Learning',
    positionAmharic: 'ተባባሪ መሥራች እና የትምህርት ኃላፊ',
    bio: 'An educator who leads our tutoring programmes for students and adults.',
    bioAmharic: 'ለተማሪዎች እና ለአዋቂዎች የማስጠናት መርሃ ግብሮቻችንን የምትመራ መምህርት።',
    education: [
      {
        degree: 'MEd',
        field: 'Curriculum and Instruction',
        institution: 'University of Toronto',
        year: 2012,
        isTopUniversity: true,
      },
    ],
    expertise: ['Mathematics Education', 'Curriculum Design', 'Teacher Training', 'Mentoring'],
    languages: ['Amharic', 'English'],
    socialLinks: { email: 'selam@example.org' },
    isFounder: true,
    isInstructor: true,
    sortOrder: 2,
  },
  {
    name: 'Yonas Haile',
    position: 'Physics and Electrical Engineering Instructor',
    positionAmharic: 'የፊዚክስ እና የኤሌክትሪካል ምሕንድስና መምህር',
    bio: 'An electrical engineer in Munich who has taught physics to high-school students for ten years.',
    bioAmharic: 'በሙኒክ የሚሠራ የኤሌክትሪክ መሐንዲስ፤ ለአሥር ዓመታት ለሁለተኛ ደረጃ ተማሪዎች ፊዚክስ አስተምሯል።',
    education: [
      {
        degree: 'PhD',
        field: 'Electrical Engineering',
        institution: 'Technical University of Munich',
        year: 2016,
        isTopUniversity: true,
      },
      {
        degree: 'BSc',
        field: 'Electrical Engineering',
        institution: 'Bahir Dar University',
        year: 2010,
        isTopUniversity: false,
      },
    ],
    expertise: ['Physics', 'Circuit Analysis', 'Power Systems', 'Microcontrollers', 'Lab Work'],
    languages: ['Amharic', 'English', 'German'],
    socialLinks: { website: 'https://example.org/yonas' },
    isFounder: false,
    isInstructor: true,
    sortOrder: 10,
  },
  {
    name: 'Meron Alemu',
    position: 'Full-Stack Web Development Instructor',
    positionAmharic: 'የሙሉ የድር ልማት መምህርት',
    bio: 'A senior web developer in London who builds React and Node.js applications for startups.',
    bioAmharic: 'በለንደን ለጀማሪ ኩባንያዎች የReact እና Node.js መተግበሪያዎችን የምትሠራ ከፍተኛ የድር አልሚ።',
    education: [
      {
        degree: 'BSc',
        field: 'Software Engineering',
        institution: 'University College London',
        year: 2015,
        isTopUniversity: true,
      },
    ],
    expertise: ['React', 'Node.js', 'MongoDB', 'Express', 'TypeScript', 'Testing'],
    languages: ['Amharic', 'English'],
    socialLinks: { linkedin: 'https://www.linkedin.com/' },
    isFounder: false,
    isInstructor: true,
    sortOrder: 11,
  },
  {
    name: 'Samuel Girma',
    position: 'English and Computer Basics Instructor',
    positionAmharic: 'የእንግሊዝኛ እና የኮምፒውተር መሠረታዊ ትምህርት መምህር',
    bio: 'A teacher in Washington, D.C. who helps students and parents with English and everyday computing.',
    bioAmharic: 'በዋሽንግተን ዲሲ ተማሪዎችን እና ወላጆችን በእንግሊዝኛ እና በዕለት ተዕለት የኮምፒውተር አጠቃቀም የሚያግዝ መምህር።',
    education: [
      {
        degree: 'BA',
        field: 'English Literature',
        institution: 'Howard University',
        year: 2013,
        isTopUniversity: false,
      },
    ],
    expertise: ['English', 'Reading', 'Writing', 'Computer Basics'],
    languages: ['Amharic', 'English', 'Tigrinya'],
    socialLinks: {},
    isFounder: false,
    isInstructor: true,
    sortOrder: 12,
  },
];

/** The two founders (Home and About) and the instructors (Tutorials), with Amharic bios. */
@Injectable()
export class TeamDemoSeeder implements OnModuleInit {
  constructor(
    private readonly demo: DemoService,
    private readonly team: TeamRepository,
  ) {}

  onModuleInit(): void {
    this.demo.register({ name: 'team', order: ORDER, seed: () => this.seed() });
  }

  private async seed(): Promise<void> {
    if ((await this.team.count()) > 0) return;
    for (const member of TEAM) await this.team.create(member);
  }
}
