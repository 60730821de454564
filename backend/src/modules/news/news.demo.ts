import { Injectable, OnModuleInit } from '@nestjs/common';
import { AuthUser } from '../../common/auth/auth.decorators';
import { CommentsService } from '../comments/comments.service';
import { DemoContext } from '../demo/demo.service';
import { DemoService } from '../demo/demo.service';
import { ReactionsService } from '../reactions/reactions.service';
import { UserRow } from '../users/users.schema';
import { NewsRepository } from './news.repository';

/** After the events seeder (order 10), so the site's content exists before its discussions. */
const ORDER = 30;

const ARTICLES = [
  {
    title: 'Diaspora Professionals Launch Mentorship Network for Young Graduates',
    excerpt:
      'More than 120 engineers, doctors and entrepreneurs have signed up to mentor graduates in Addis Ababa and abroad.',
    content:
      'A new mentorship network connects young graduates in Ethiopia with professionals of the diaspora. ' +
      'Mentors meet their mentees online twice a month, share job-search advice, review CVs and open doors to internships. ' +
      'The first cohort of 120 mentors comes from 14 countries, with software engineering, medicine and finance the most requested fields. ' +
      'Applications for the second cohort open next month; members can volunteer from their profile page.',
    category: 'youth',
    featured: true,
    image: null,
  },
  {
    title: 'Timket Celebration Brings Thousands Together in Washington, D.C.',
    excerpt: null,
    content:
      'Families from across the region gathered for the Timket celebration, with processions, traditional music and food stalls run by local businesses. ' +
      'Organisers thanked the volunteers who prepared the grounds overnight and announced that next year the celebration will also be streamed for members who cannot travel.',
    category: 'culture',
    featured: false,
    image: null,
  },
  {
    title: 'Small Business Grants Open for Community Entrepreneurs',
    excerpt:
      'A fund supported by members offers grants of up to $5,000 for businesses owned by community members.',
    content:
      'The community development fund opens its spring round of small business grants. ' +
      'Businesses listed in the directory for at least three months can apply with a short plan describing how the grant will create jobs or train apprentices. ' +
      'A panel of volunteer accountants and founders reviews every application, and all applicants receive written feedback.',
    category: 'development',
    featured: false,
    image: null,
  },
  {
    title: 'Member Story: From Refugee Camp to Cardiology Ward',
    excerpt:
      'Dr. Dawit Bekele shares the road that led him from Kakuma to a hospital in Frankfurt.',
    content:
      'Dawit arrived in Germany at nineteen with a small bag and a notebook full of chemistry formulas. ' +
      'Fifteen years later he leads a cardiology team and organises health-awareness evenings for the community. ' +
      '"Every door that opened for me was opened by someone who remembered where they came from," he says.',
    category: 'story',
    featured: false,
    image: null,
  },
  {
    title: 'Annual General Meeting: Agenda and Call for Volunteers',
    excerpt: null,
    content:
      'The annual general meeting will review the year of events, the tutoring programme and the directory. ' +
      'Members are invited to propose agenda items and to volunteer for the events, youth and technology committees.',
    category: 'community',
    featured: false,
    image: null,
  },
];

const asCaller = (user: UserRow): AuthUser => ({
  id: user.id,
  role: user.role,
  name: user.name,
  email: user.email,
  emailVerified: user.emailVerifiedAt !== null,
  profileComplete: user.country !== null && user.profession !== null,
});

/** A few articles, the first featured, with a discussion of comments, replies and likes. */
@Injectable()
export class NewsDemoSeeder implements OnModuleInit {
  constructor(
    private readonly demo: DemoService,
    private readonly news: NewsRepository,
    private readonly comments: CommentsService,
    private readonly reactions: ReactionsService,
  ) {}

  onModuleInit(): void {
    this.demo.register({ name: 'news', order: ORDER, seed: (context) => this.seed(context) });
  }

  private async seed({ members, admin }: DemoContext): Promise<void> {
    if ((await this.news.count()) > 0) return;
    const now = Date.now();
    const articles = [];
    for (const [index, article] of ARTICLES.entries()) {
      const publishedAt = new Date(now - index * 3 * 24 * 3600 * 1000);
      articles.push(
        await this.news.create({
          ...article,
          published: true,
          publishedAt,
          authorId: admin?.id ?? null,
        }),
      );
    }
    const [selam, dawit, hanna] = members;
    if (!selam || !dawit || !hanna) return;
    const featured = articles[0];
    const thread = { contentType: 'news', contentId: featured.id };
    const first = await this.comments.create(asCaller(selam), {
      ...thread,
      content:
        'This is wonderful. I mentored two students last year and both now work as developers. Count me in for the next cohort!',
    });
    await this.comments.create(asCaller(dawit), {
      ...thread,
      parentComment: first._id,
      content: 'Same here. Happy to take two students interested in medicine.',
    });
    await this.comments.create(asCaller(hanna), {
      ...thread,
      parentComment: first._id,
      content: 'Could we add a track for small business owners?',
    });
    await this.comments.create(asCaller(hanna), {
      ...thread,
      content: 'How do mentors and mentees get matched? Is it by field or by city?',
    });
    await this.comments.create(asCaller(dawit), {
      contentType: 'news',
      contentId: articles[3].id,
      content: 'Thank you for sharing my story. Never stop learning!',
    });
    for (const member of members) {
      await this.reactions.toggle('news', featured.id, member.id, 'like');
    }
    await this.reactions.toggle('comments', first._id, dawit.id, 'like');
    await this.reactions.toggle('news', articles[1].id, hanna.id, 'like');
  }
}
