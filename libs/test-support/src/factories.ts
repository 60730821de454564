import {
  Language,
  type components,
  type Course,
  type Enrollment,
  type Listing,
  type MyTicket,
  type TeamMember,
  type User,
} from '@diaspora/api-client';

type Schemas = components['schemas'];
export type Event = Schemas['EventDto'];
export type EventSummary = Schemas['EventSummaryDto'];
export type Article = Schemas['NewsDto'];
export type ArticleSummary = Schemas['NewsSummaryDto'];
export type Comment = Schemas['CommentDto'];

/** An entity as JSON carries it: enum fields take their plain string values ('going'). */
type Plain<T> = T extends string
  ? `${T}`
  : T extends Array<infer U>
    ? Array<Plain<U>>
    : T extends object
      ? { [K in keyof T]: Plain<T[K]> }
      : T;
export type Overrides<T> = Partial<Plain<T>>;

const CREATED = '2026-03-05T12:00:00.000Z';
export const DAY = 24 * 60 * 60 * 1000;

/** An ISO time this many days from now (negative: ago), for dates whose distance matters. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

// One factory per entity, as the API answers it; overrides win. Each builds the JSON form, so
// the compiler checks every field, and its one cast says that JSON's strings are the generated
// enums' values (the generated types are TypeScript enums).

export function newEvent(overrides: Overrides<Event> = {}): Event {
  const date = overrides.date ?? daysFromNow(30);
  const event: Plain<Event> = {
    _id: 'e1',
    title: 'Timkat celebration',
    description: 'Music, food and friends.',
    category: 'cultural',
    date,
    time: '18:00',
    // A UTC venue by default: its wall-clock date is its instant.
    timeZone: 'UTC',
    startsAt: date,
    location: { name: 'Community Hall', address: null, city: 'Seattle', country: 'United States' },
    organizer: { name: 'Ethiopian Diaspora Network' },
    image: null,
    images: [],
    videos: [],
    maxAttendees: null,
    attendees: [],
    goingCount: 0,
    waitlistCount: 0,
    isActive: true,
    isFree: true,
    isUpcoming: true,
    cancelledAt: null,
    pricing: {},
    userStatus: null,
    likes: 0,
    dislikes: 0,
    myReaction: null,
    views: 0,
    createdAt: CREATED,
    updatedAt: CREATED,
    ...overrides,
  };
  return event as Event;
}

/** The event as a list answer carries it: the detail's long text, videos and the rest left out. */
export function eventSummary(event: Event): EventSummary {
  const {
    description: _description,
    videos: _videos,
    organizer: _organizer,
    waitlistCount: _waitlistCount,
    isUpcoming: _isUpcoming,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    attendees: _attendees,
    ...summary
  } = event;
  return summary;
}

export function newArticle(overrides: Overrides<Article> = {}): Article {
  const article: Plain<Article> = {
    _id: 'a1',
    title: 'Article a1',
    content: 'c'.repeat(200),
    excerpt: null,
    image: null,
    category: 'culture',
    featured: false,
    published: true,
    author: { _id: null, name: 'Admin' },
    publishedAt: CREATED,
    createdAt: CREATED,
    updatedAt: CREATED,
    likes: 0,
    dislikes: 0,
    myReaction: null,
    views: 0,
    ...overrides,
  };
  return article as Article;
}

/** The article as a list answer carries it: no content, the card's excerpt (spec 9's fallback). */
export function articleSummary(article: Article): ArticleSummary {
  const { content, excerpt, updatedAt: _updatedAt, ...summary } = article;
  return { ...summary, excerpt: excerpt || `${content.slice(0, 150)}...` };
}

export function newListing(overrides: Overrides<Listing> = {}): Listing {
  const listing: Plain<Listing> = {
    _id: 'l1',
    name: 'Buna House',
    description: 'Ethiopian coffee roasted in Toronto.',
    type: 'business',
    category: 'retail',
    contact: {
      email: 'hello@buna.example',
      phone: '+1 416 555 0142',
      website: 'https://buna.example',
      address: {
        street: '88 Danforth Ave',
        city: 'Toronto',
        state: null,
        country: 'Canada',
        postalCode: null,
      },
    },
    hours: { monday: '8:00 - 18:00' },
    socialMedia: { instagram: 'https://instagram.com/buna' },
    tags: ['coffee', 'roastery'],
    logo: null,
    logoThumbnail: null,
    images: [],
    imageThumbnails: [],
    status: 'approved',
    rejectionReason: null,
    verified: true,
    featured: false,
    owner: { _id: 'u2', name: 'Hanna Girma', email: 'hanna@example.com' },
    likes: 0,
    dislikes: 0,
    myReaction: null,
    views: 4,
    createdAt: CREATED,
    updatedAt: CREATED,
    ...overrides,
  };
  return listing as Listing;
}

export function newCourse(overrides: Overrides<Course> = {}): Course {
  const id = overrides.id ?? 'computer-basics';
  const course: Plain<Course> = {
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
    updatedAt: CREATED,
    ...overrides,
  };
  return course as Course;
}

export function newEnrollment(overrides: Overrides<Enrollment> = {}): Enrollment {
  const enrollment: Plain<Enrollment> = {
    _id: 'n1',
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
    createdAt: CREATED,
    updatedAt: CREATED,
    ...overrides,
  };
  return enrollment as Enrollment;
}

export function newTeamMember(overrides: Overrides<TeamMember> = {}): TeamMember {
  const id = overrides._id ?? 't1';
  const member: Plain<TeamMember> = {
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
    updatedAt: CREATED,
    ...overrides,
  };
  return member as TeamMember;
}

export function newUser(overrides: Overrides<User> = {}): User {
  const user: Plain<User> = {
    _id: 'u1',
    name: 'Abebe Kebede',
    email: 'abebe@example.com',
    role: 'member',
    status: 'approved',
    approvedAt: CREATED,
    blockedAt: null,
    profession: 'Engineer',
    country: 'United States',
    interests: [],
    languages: [],
    skills: [],
    socialLinks: {},
    language: Language.en,
    emailVerified: true,
    profileComplete: true,
    createdAt: CREATED,
    updatedAt: CREATED,
    ...overrides,
  };
  return user as User;
}

export function newComment(overrides: Overrides<Comment> = {}): Comment {
  const comment: Plain<Comment> = {
    _id: 'c1',
    content: 'Well said.',
    contentType: 'news',
    contentId: 'a1',
    parentComment: null,
    replyCount: 0,
    author: { _id: 'u2', name: 'Hanna Girma' },
    authorDeleted: false,
    likes: 0,
    dislikes: 0,
    myReaction: null,
    createdAt: CREATED,
    updatedAt: CREATED,
    ...overrides,
  };
  return comment as Comment;
}

/** One of the caller's tickets (GET /payments/tickets): a paid VIP seat by default. */
export function newTicket(overrides: Overrides<MyTicket> = {}): MyTicket {
  const ticket: Plain<MyTicket> = {
    _id: 't1',
    eventId: 'e1',
    eventTitle: 'Timket Gala',
    eventDate: '2030-01-19T18:00:00.000Z',
    eventCancelled: false,
    ticketType: 'vip',
    amount: 45,
    currency: 'usd',
    status: 'paid',
    createdAt: '2029-12-01T10:00:00.000Z',
    ...overrides,
  };
  return ticket as MyTicket;
}
