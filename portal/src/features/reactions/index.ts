// Reactions and views for events, news and listings: place <ReactionBar> on a card or page and
// call useRecordView(type, id) on a detail page.
export { ReactionBar } from './ReactionBar';
export { useRecordView } from './useRecordView';
export {
  summarise,
  type ContentType,
  type ReactionCounts,
  type ReactionKind,
  type ReactionSummary,
} from './reactionTypes';
