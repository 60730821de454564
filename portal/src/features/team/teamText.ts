import type { TeamMember } from '@diaspora/api-client';

/** A member's position and bio in the reader's language; English when no Amharic is given. */
export function teamText(member: TeamMember, language: string) {
  const amharic = language === 'am';
  return {
    position: (amharic && member.positionAmharic) || member.position,
    bio: (amharic && member.bioAmharic) || member.bio,
  };
}

/** The first `limit` expertise tags and how many more there are (spec: 3 on instructor cards). */
export function expertiseTags(expertise: readonly string[], limit: number | undefined) {
  if (limit === undefined || expertise.length <= limit) return { shown: [...expertise], more: 0 };
  return { shown: expertise.slice(0, limit), more: expertise.length - limit };
}
