import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account/account-data-registry';
import { AuthUser, isAdmin } from '../../common/auth/auth.decorators';
import { ContentRegistry, ContentType } from '../../common/content/content-registry';
import { reactionsOf } from '../../common/content/engagement';
import { AppException } from '../../common/errors/app-exception';
import {
  CursorPageQueryDto,
  decodeCursor,
  nextCursorOf,
  paginated,
  pageWindow,
} from '../../common/pagination/pagination';
import { ReactionKind } from '../reactions/reactions.repository';
import { ReactionsService } from '../reactions/reactions.service';
import { UsersService } from '../users/users.service';
import {
  CommentDto,
  CommentListDto,
  CommentReactionsDto,
  CreateCommentDto,
  REPLY_MAX,
  ReplyListDto,
  toCommentDto,
} from './comments.dto';
import { CommentsRepository } from './comments.repository';
import { CommentRow, comments } from './comments.schema';
import { FieldErrorCode } from '../../common/errors/common.errors';
import { Transactions } from '../../db/transactions';
import { NotificationKind } from '../notifications/notification-kinds';
import { NotificationsService } from '../notifications/notifications.service';
import { MailService } from '../mail/mail.service';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { commentNotFound, CommentsErrorCode } from './comments.errors';

const THREAD_PAGE_SIZE = 20;
const REPLIES_PAGE_SIZE = 100;

/** A comment's place in its thread or among the replies: creation time, then id. */
const keysetOf = (row: CommentRow) => ({ at: row.createdAt, id: row.id });

/** Comment threads of events, articles and listings: replies one level deep, likes, deletion. */
@Injectable()
export class CommentsService implements OnModuleInit {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly content: ContentRegistry,
    private readonly reactions: ReactionsService,
    private readonly users: UsersService,
    private readonly accountData: AccountDataRegistry,
    private readonly transactions: Transactions,
    private readonly notifications: NotificationsService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(
    typeName: string,
    contentId: string,
    query: CursorPageQueryDto,
    caller?: AuthUser,
  ): Promise<CommentListDto> {
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const type = await this.content.require(typeName, contentId, caller);
    const window = pageWindow(query, THREAD_PAGE_SIZE);
    const { rows, total } = await this.comments.listThread(type, contentId, { ...window, after });
    const page = rows.slice(0, window.limit);
    return {
      ...paginated('comments', await this.toDtos(page, caller), total, window),
      nextCursor: nextCursorOf(rows, window.limit, keysetOf),
    };
  }

  async replies(
    commentId: string,
    query: CursorPageQueryDto,
    caller?: AuthUser,
  ): Promise<ReplyListDto> {
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const parent = await this.comments.findById(commentId);
    if (!parent) throw commentNotFound();
    // Replies are as private as the item they discuss (members-only listings).
    await this.content.require(parent.contentType, parent.contentId, caller);
    const window = pageWindow(query, REPLIES_PAGE_SIZE);
    const { rows, total } = await this.comments.listReplies(commentId, { ...window, after });
    const page = rows.slice(0, window.limit);
    return {
      ...paginated('replies', await this.toDtos(page, caller), total, window),
      nextCursor: nextCursorOf(rows, window.limit, keysetOf),
    };
  }

  async create(user: AuthUser, dto: CreateCommentDto): Promise<CommentDto> {
    // Written while the item is held against deletion: no comment outlives its item.
    const row = await this.content.engage(dto.contentType, dto.contentId, user, async (type) => {
      const parent = dto.parentComment
        ? await this.checkReplyTarget(dto.parentComment, type, dto.contentId)
        : undefined;
      if (dto.parentComment && dto.content.length > REPLY_MAX) {
        throw AppException.invalidField(
          'content',
          'Reply must be 100 characters or less',
          FieldErrorCode.TOO_LONG,
        );
      }
      const created = await this.comments.create({
        contentType: type,
        contentId: dto.contentId,
        parentId: dto.parentComment ?? null,
        authorId: user.id,
        content: dto.content,
      });
      // The reply and its notice commit together (ADR 0060); nobody is told of their own reply.
      if (parent?.authorId && parent.authorId !== user.id) {
        await this.tellAuthor(parent.authorId, type, created, user);
      }
      return created;
    });
    return toCommentDto(row, {
      authorName: user.name,
      likes: 0,
      dislikes: 0,
      myReaction: 'none',
      replyCount: 0,
    });
  }

  async react(user: AuthUser, id: string, kind: ReactionKind): Promise<CommentReactionsDto> {
    const comment = await this.comments.findById(id);
    if (!comment) throw commentNotFound();
    // The item and the comment are both held against deletion until the reaction is written.
    const counts = await this.content.engage(
      comment.contentType,
      comment.contentId,
      user,
      async () => {
        if (!(await this.comments.holdById(id))) throw commentNotFound();
        return this.reactions.toggle('comments', id, user.id, kind);
      },
    );
    return { _id: id, ...counts };
  }

  /** Authors delete their own comments, admins any; replies go with their comment. */
  async remove(user: AuthUser, id: string): Promise<{ msg: string }> {
    const comment = await this.comments.findById(id);
    if (!comment) throw commentNotFound();
    if (comment.authorId !== user.id && !isAdmin(user)) {
      throw AppException.forbidden(
        'You can only delete your own comments',
        CommentsErrorCode.NOT_YOUR_COMMENT,
      );
    }
    // One transaction: the comments and their reactions go together or not at all.
    await this.transactions.run(async () => {
      const deleted = await this.comments.deleteWithReplies(id);
      await this.reactions.removeFor('comments', deleted);
      await this.notifications.commentsRemoved(deleted);
    });
    return { msg: 'Comment deleted' };
  }

  onModuleInit(): void {
    this.content.onRemoved((type, id) => this.removeFor(type, id));
    this.accountData.register({
      key: 'comments',
      tables: [comments],
      export: (owner) => this.comments.byAuthor(owner.id),
      // Comments stay in their threads (others replied to them), shown as by a deleted member.
      erase: (owner) => this.comments.detachAuthor(owner.id),
    });
  }

  /** Removes the whole thread of an item when its content module deletes the item. */
  async removeFor(type: ContentType, contentId: string): Promise<void> {
    const deleted = await this.comments.deleteFor(type, contentId);
    await this.reactions.removeFor('comments', deleted);
  }

  /** Tells a comment's author of a reply to it, in the page and (as they chose) by email. */
  private async tellAuthor(
    authorId: string,
    type: ContentType,
    reply: CommentRow,
    replier: AuthUser,
  ): Promise<void> {
    const author = await this.users.findById(authorId);
    if (!author) return;
    const title = (await this.content.preview(type, reply.contentId))?.title ?? '';
    const excerpt = reply.content.slice(0, 100);
    await this.notifications.notify({
      userId: authorId,
      kind: NotificationKind.commentReply,
      target: { type, id: reply.contentId, commentId: reply.id },
      data: { actorName: replier.name, title, excerpt },
      email: (unsubscribe) =>
        this.mail.send(
          'commentReply',
          author.email,
          {
            name: author.name,
            replierName: replier.name,
            itemTitle: title,
            excerpt,
            itemUrl: `${this.config.publicUrl}/${type}/${reply.contentId}`,
          },
          { unsubscribe },
        ),
    });
  }

  /** Replies go to an existing top-level comment of the same item (one level deep). */
  private async checkReplyTarget(
    parentId: string,
    type: ContentType,
    contentId: string,
  ): Promise<CommentRow> {
    const parent = await this.comments.holdById(parentId);
    if (!parent || parent.contentType !== type || parent.contentId !== contentId) {
      throw AppException.notFound(
        'The comment you are replying to was not found',
        CommentsErrorCode.COMMENT_NOT_FOUND,
      );
    }
    if (parent.parentId) {
      throw AppException.invalidField(
        'parentComment',
        'Only top-level comments can be replied to',
        FieldErrorCode.NOT_ALLOWED,
      );
    }
    return parent;
  }

  private async toDtos(
    rows: Array<CommentRow & { replyCount?: number }>,
    caller?: AuthUser,
  ): Promise<CommentDto[]> {
    const ids = rows.map((row) => row.id);
    const [names, reactions] = await Promise.all([
      this.users.authorNames(rows.flatMap((row) => (row.authorId ? [row.authorId] : []))),
      this.reactions.counts('comments', ids, caller?.id),
    ]);
    return rows.map((row) =>
      toCommentDto(row, {
        authorName: (row.authorId && names.get(row.authorId)) || '',
        ...reactionsOf(row.id, reactions),
        replyCount: row.replyCount ?? 0,
      }),
    );
  }
}
