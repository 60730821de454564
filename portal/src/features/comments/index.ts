// THE comment thread for events, news and listings: <CommentThread contentType contentId />.
export { CommentThread } from './CommentThread';
export { COMMENT_MAX, REPLY_MAX } from './commentRules';
