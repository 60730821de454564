import type { TeamMember } from '@diaspora/api-client';
import { Badge, listText, MediaImage } from '@diaspora/ui';
import { useTranslation } from 'react-i18next';
import { expertiseTags, teamText } from './teamText';

interface TeamMemberCardProps {
  member: TeamMember;
  /** Instructor cards show only the first few expertise tags and a +n more count. */
  expertiseLimit?: number;
  /** Whether to list education and languages (the fuller About and Tutorials cards). */
  detailed?: boolean;
}

/** One person of the team: photo, name, position, bio, expertise and, when detailed, more. */
export function TeamMemberCard({ member, expertiseLimit, detailed = true }: TeamMemberCardProps) {
  const { t, i18n } = useTranslation('team');
  const { position, bio } = teamText(member, i18n.language);
  const { shown, more } = expertiseTags(member.expertise, expertiseLimit);
  const links = member.socialLinks;
  return (
    <article className="card team-member" aria-label={member.name}>
      {member.profileImage ? (
        <MediaImage
          src={member.profileImage}
          alt={t('photoAlt', { name: member.name })}
          className="team-member__photo"
        />
      ) : (
        <span className="team-member__avatar" aria-hidden="true">
          {member.name.charAt(0)}
        </span>
      )}
      <h3 className="team-member__name">{member.name}</h3>
      <p className="team-member__position">{position}</p>
      <p className="team-member__bio">{bio}</p>
      {shown.length > 0 && (
        <ul className="team-member__tags" aria-label={t('expertise')}>
          {shown.map((tag) => (
            <li key={tag}>
              <Badge tone="primary">{tag}</Badge>
            </li>
          ))}
          {more > 0 && (
            <li>
              <Badge>{t('moreExpertise', { count: more })}</Badge>
            </li>
          )}
        </ul>
      )}
      {detailed && member.education.length > 0 && (
        <div className="team-member__detail">
          <h4>{t('education')}</h4>
          <ul>
            {member.education.map((entry, index) => (
              <li key={index}>
                {t('degree', {
                  degree: entry.degree,
                  field: entry.field,
                  institution: entry.institution,
                })}
                {entry.year ? ` (${entry.year})` : ''}
                {entry.isTopUniversity && (
                  <>
                    {' '}
                    <Badge tone="accent">{t('topUniversity')}</Badge>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {detailed && member.languages.length > 0 && (
        <p className="team-member__languages">
          <strong>{t('languages')}:</strong> {listText(member.languages, t)}
        </p>
      )}
      {(links.linkedin || links.email || links.website) && (
        <p className="team-member__links">
          {links.linkedin && (
            <a href={links.linkedin} target="_blank" rel="noreferrer">
              {t('links.linkedin')}
            </a>
          )}
          {/* An admin's entry, so no mailtoHref: on the home page it cost the first page a chunk. */}
          {links.email && <a href={`mailto:${links.email}`}>{t('links.email')}</a>}
          {links.website && (
            <a href={links.website} target="_blank" rel="noreferrer">
              {t('links.website')}
            </a>
          )}
        </p>
      )}
    </article>
  );
}
