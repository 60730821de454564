import { ApiProperty } from '@nestjs/swagger';
import type { ReactionSummary } from './reactions.service';

/** Spec section 3, "Reaction summary": counts and the caller's own reaction. */
export class ReactionSummaryDto implements ReactionSummary {
  @ApiProperty() likes: number;
  @ApiProperty() dislikes: number;
  @ApiProperty({ enum: ['like', 'dislike', 'none'], enumName: 'UserReaction' }) userReaction:
    'like' | 'dislike' | 'none';
}
