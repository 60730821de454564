import { ApiProperty } from '@nestjs/swagger';
import type { ReactionSummary, UserReaction } from './reactions.service';

export const USER_REACTIONS: readonly UserReaction[] = ['like', 'dislike', 'none'];

/** Spec section 3, "Reaction summary": counts and the caller's own reaction. */
export class ReactionSummaryDto implements ReactionSummary {
  @ApiProperty() likes: number;
  @ApiProperty() dislikes: number;
  @ApiProperty({ enum: USER_REACTIONS, enumName: 'UserReaction' }) userReaction: UserReaction;
}

/** Swagger for the engagement fields every list and detail item carries (counts, not member ids). */
export const LikesProperty = () => ApiProperty({ description: 'How many members like it' });
export const DislikesProperty = () => ApiProperty({ description: 'How many members dislike it' });
export const MyReactionProperty = () =>
  ApiProperty({
    enum: USER_REACTIONS,
    enumName: 'UserReaction',
    nullable: true,
    description: "The caller's own reaction; null for guests",
  });
