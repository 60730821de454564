export { FoundersSection } from './FoundersSection';
export { TeamList } from './TeamList';
export { TeamMemberCard } from './TeamMemberCard';
export { useInstructors, useTeam } from './useTeam';
