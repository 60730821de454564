import { ResponseCache } from '../../common/cache/response-cache';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { AuthUser, isAdmin } from '../../common/auth/auth.decorators';
import { ContentRegistry } from '../../common/content/content-registry';
import { engagementOf } from '../../common/content/engagement';
import { AppException } from '../../common/errors/app-exception';
import { loadedAt, refusedEdit } from '../../common/concurrency/edit-conflict';
import {
  decodeTimesCursor,
  nextTimesCursorOf,
  paginated,
  pageWindow,
} from '../../common/pagination/pagination';
import { MediaService } from '../media/media.service';
import { FileFieldRule, MultipartForm } from '../media/media.multipart';
import {
  ReactionsService,
  withMyReaction,
  type UserReaction,
} from '../reactions/reactions.service';
import { UsersService } from '../users/users.service';
import { ViewsService } from '../views/views.service';
import {
  CreateNewsDto,
  NewsDto,
  NewsListDto,
  NewsQueryDto,
  toNewsDto,
  toNewsSummaryDto,
  UpdateNewsDto,
} from './news.dto';
import { NewsArticle, NewsRepository } from './news.repository';
import { FieldErrorCode } from '../../common/errors/common.errors';
import { newsNotFound } from './news.errors';

const PAGE_SIZE = 12;

/** PUT /news/:id/image: one image file, up to 20 MB (the platform's multipart limit). */
export const NEWS_IMAGE_UPLOAD: Record<string, FileFieldRule> = {
  image: { kind: 'image', maxCount: 1, maxBytes: 20 * 1024 * 1024 },
};

/** Articles: everyone reads published ones, admins write and see drafts. */
@Injectable()
export class NewsService implements OnModuleInit {
  constructor(
    private readonly news: NewsRepository,
    private readonly content: ContentRegistry,
    private readonly reactions: ReactionsService,
    private readonly views: ViewsService,
    private readonly users: UsersService,
    private readonly media: MediaService,
    private readonly cache: ResponseCache,
  ) {}

  onModuleInit(): void {
    // Members comment on, react to and view published articles only.
    this.content.register('news', {
      exists: async (id) => (await this.news.findById(id))?.published === true,
      preview: async (id) => {
        const row = await this.news.findById(id);
        if (!row?.published) return undefined;
        return { title: row.title, excerpt: row.excerpt || row.content, image: row.image };
      },
    });
  }

  /**
   * Guests and members share one cached answer per query (published only); admins see drafts. A
   * member's own reaction is laid over the shared page.
   */
  async list(caller: AuthUser | undefined, query: NewsQueryDto): Promise<NewsListDto> {
    let answer: NewsListDto;
    if (caller && isAdmin(caller)) {
      answer = await this.loadList(query, false);
    } else {
      const key = JSON.stringify([
        query.page,
        query.limit,
        query.cursor,
        query.search,
        query.category,
        query.featured,
      ]);
      const listKey = `news:list:${key}`;
      answer =
        this.cache.peek<NewsListDto>(listKey) ??
        (await this.cache.get(listKey, () => this.loadList(query, true)));
    }
    if (!caller) return answer;
    const own = await this.mine(answer.news, caller);
    return this.cache.combine(answer, own, (page, mine) => ({
      ...page,
      news: page.news.map((item) => withMyReaction(item, mine)),
    }));
  }

  async get(caller: AuthUser | undefined, id: string): Promise<NewsDto> {
    const answer =
      caller && isAdmin(caller)
        ? await this.loadOne(id, false)
        : await this.cache.get(`news:one:${id}`, () => this.loadOne(id, true));
    if (!caller) return answer;
    return this.cache.combine(answer, await this.mine([answer], caller), withMyReaction);
  }

  private async loadList(query: NewsQueryDto, publishedOnly: boolean): Promise<NewsListDto> {
    const window = pageWindow(query, PAGE_SIZE);
    // Published date (a draft has none) and creation time, the list's order.
    const after = query.cursor ? decodeTimesCursor(query.cursor, [true, false]) : undefined;
    const { rows, total } = await this.news.list(
      {
        search: query.search || undefined,
        category: query.category || undefined,
        featured: query.featured,
        publishedOnly,
      },
      { ...window, after },
    );
    return {
      ...paginated(
        'news',
        (await this.toDtos(rows.slice(0, window.limit))).map(toNewsSummaryDto),
        total,
        window,
      ),
      nextCursor: nextTimesCursorOf(rows, window.limit, (row) => ({
        times: [row.publishedAt, row.createdAt],
        id: row.id,
      })),
    };
  }

  private async loadOne(id: string, publishedOnly: boolean): Promise<NewsDto> {
    const row = await this.news.findById(id);
    if (!row || (!row.published && publishedOnly)) {
      throw newsNotFound();
    }
    return (await this.toDtos([row]))[0];
  }

  /** The caller's own reactions to these articles, cached per caller and page. */
  private async mine(
    items: { _id: string }[],
    caller: AuthUser,
  ): Promise<Map<string, UserReaction>> {
    const ids = items.map((item) => item._id);
    const key = `news:mine:${caller.id}:${ids.join(',')}`;
    return (
      this.cache.peek<Map<string, UserReaction>>(key) ??
      this.cache.get(key, () => this.reactions.mine('news', ids, caller.id))
    );
  }

  async create(admin: AuthUser, dto: CreateNewsDto): Promise<NewsDto> {
    const published = dto.published ?? true;
    const row = await this.news.create({
      title: dto.title,
      content: dto.content,
      excerpt: dto.excerpt || null,
      image: dto.image || null,
      category: dto.category || 'community',
      featured: dto.featured ?? false,
      published,
      authorId: admin.id,
      publishedAt: published ? new Date() : null,
    });
    return (await this.toDtos([row]))[0];
  }

  async update(id: string, dto: UpdateNewsDto): Promise<NewsDto> {
    const current = await this.news.findById(id);
    if (!current) throw newsNotFound();
    const blankToNull = (value: string | undefined) =>
      value === undefined ? undefined : value || null;
    const row = await this.news.edit(
      id,
      {
        title: dto.title,
        content: dto.content,
        excerpt: blankToNull(dto.excerpt),
        image: blankToNull(dto.image),
        category: dto.category || undefined,
        featured: dto.featured,
        published: dto.published,
        // The first publication dates the article; unpublishing keeps the date.
        publishedAt: dto.published && !current.publishedAt ? new Date() : undefined,
      },
      loadedAt(dto.updatedAt),
    );
    if (!row) return refusedEdit(this.news.findById(id), newsNotFound);
    return (await this.toDtos([row]))[0];
  }

  /** Stores an uploaded image through the one upload path and makes it the article's image. */
  async setImage(id: string, form: MultipartForm): Promise<NewsDto> {
    const current = await this.news.findById(id);
    if (!current) throw newsNotFound();
    const file = form.files.image?.[0];
    if (!file)
      throw AppException.invalidField(
        'image',
        'Please choose an image file',
        FieldErrorCode.REQUIRED,
      );
    const stored = await this.media.saveImage(`news/${id}`, file);
    const row = await this.news.update(id, { image: stored.url });
    if (!row) {
      // Deleted while uploading: do not leave the file behind.
      await this.media.removeUrls([stored.url, stored.thumbnail]);
      throw newsNotFound();
    }
    await this.media.removeUrls([current.image]).catch(() => undefined);
    return (await this.toDtos([row]))[0];
  }

  /** Deletes the article with its thread, reactions and views, then its uploaded image. */
  async remove(id: string): Promise<{ msg: string }> {
    // The article and its thread, reactions and views go in one transaction; files once it commits.
    const row = await this.content.deleteWithEngagement('news', id, () => this.news.delete(id));
    if (!row) throw newsNotFound();
    await this.media.removeFolder(`news/${id}`).catch(() => undefined);
    return { msg: 'News article deleted' };
  }

  /** Spec section 3: author{name}, like and dislike counts and views on every article. */
  private async toDtos(rows: NewsArticle[]): Promise<NewsDto[]> {
    const ids = rows.map((row) => row.id);
    const [names, reactions, views] = await Promise.all([
      this.users.authorNames(rows.flatMap((row) => (row.authorId ? [row.authorId] : []))),
      this.reactions.counts('news', ids),
      this.views.counts('news', ids),
    ]);
    return rows.map((row) =>
      toNewsDto(row, {
        authorName: (row.authorId && names.get(row.authorId)) || 'Admin',
        ...engagementOf(row.id, reactions, views),
      }),
    );
  }
}
