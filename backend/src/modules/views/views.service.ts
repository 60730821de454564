import { createHash } from 'node:crypto';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account/account-data-registry';
import type { AuthUser } from '../../common/auth/auth.decorators';
import { ContentRegistry, ContentType, toContentType } from '../../common/content/content-registry';
import { AppException } from '../../common/errors/app-exception';
import { ResponseCache } from '../../common/cache/response-cache';
import { ViewsRepository } from './views.repository';
import { ContentErrorCode } from '../../common/content/content.errors';
import { viewMarks } from './views.schema';

/** A viewer counts once per item within this window, however often they reload. */
export const VIEW_WINDOW_SECONDS = 30 * 60;
/** Old marks are pruned after this many recorded views in this process. */
const PRUNE_EVERY = 500;

export interface Viewer {
  user?: AuthUser;
  ip: string;
  userAgent?: string;
}

/** View counts of events, news and listings, deduplicated per viewer on the server. */
@Injectable()
export class ViewsService implements OnModuleInit {
  private recorded = 0;

  constructor(
    private readonly views: ViewsRepository,
    private readonly content: ContentRegistry,
    private readonly accountData: AccountDataRegistry,
    private readonly cache: ResponseCache,
  ) {}

  onModuleInit(): void {
    this.content.onRemoved((type, id) => this.removeFor(type, [id]));
    // The counts stay (they are the items' figures, not the member's); the member's marks go.
    this.accountData.register({
      key: 'views',
      tables: [viewMarks],
      export: (owner) => this.views.marksOf(memberViewerKey(owner.id)),
      erase: (owner) => this.views.removeMarksOf(memberViewerKey(owner.id)),
    });
  }

  /** POST /:type/:id/view: counts the view unless this viewer was counted recently. */
  async record(typeName: string, id: string, viewer: Viewer): Promise<{ views: number }> {
    // Any path of the shape /:x/:id/view lands here: an unknown type is simply not a route.
    if (!toContentType(typeName))
      throw AppException.notFound('Not found', ContentErrorCode.CONTENT_NOT_FOUND);
    // Counted while the item is held against deletion: no count or mark outlives its item.
    const { counted, views } = await this.content.engage(typeName, id, viewer.user, (target) =>
      this.views.record(target, id, viewerKey(viewer), VIEW_WINDOW_SECONDS),
    );
    // The read cache holds view counts: cleared only when this view counted (a reload does not).
    if (counted) this.cache.invalidate();
    if (++this.recorded % PRUNE_EVERY === 0) {
      void this.views.pruneMarks(VIEW_WINDOW_SECONDS).catch(() => undefined);
    }
    return { views };
  }

  /**
   * Contract for other modules (events, news, directory): the view count of each id. Every
   * requested id is in the map (0 when never viewed); ids are not checked for existence.
   */
  async counts(type: ContentType, ids: string[]): Promise<Map<string, number>> {
    const unique = [...new Set(ids)];
    const result = new Map<string, number>(unique.map((id) => [id, 0]));
    for (const row of await this.views.countsFor(type, unique)) {
      result.set(row.contentId, row.views);
    }
    return result;
  }

  /** Forgets the counts of these items; call it when the items are deleted. */
  removeFor(type: ContentType, ids: string[]): Promise<void> {
    return this.views.removeFor(type, ids);
  }
}

/** Members by id; guests by a one-way hash of address and browser, never stored in clear. */
function viewerKey(viewer: Viewer): string {
  if (viewer.user) return memberViewerKey(viewer.user.id);
  const hash = createHash('sha256')
    .update(`${viewer.ip}\n${viewer.userAgent ?? ''}`)
    .digest('base64url');
  return `g:${hash}`;
}

function memberViewerKey(userId: string): string {
  return `u:${userId}`;
}
