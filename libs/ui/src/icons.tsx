import type { ReactNode } from 'react';

interface IconProps {
  /** Width and height in pixels. */
  size?: number;
}

/**
 * The platform's line icons, one set for every front end. Inline SVG because emoji fonts are
 * missing on many systems; stroke uses currentColor so an icon takes its button's colour.
 */
function LineIcon({
  size,
  strokeWidth = 2,
  children,
}: Required<IconProps> & { strokeWidth?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      {children}
    </svg>
  );
}

export function ThumbUpIcon({ size = 16 }: IconProps) {
  return (
    <LineIcon size={size}>
      <path d="M7 10v11H3V10h4z" />
      <path d="M7 10l4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.1 21H7" />
    </LineIcon>
  );
}

export function ThumbDownIcon({ size = 16 }: IconProps) {
  return (
    <LineIcon size={size}>
      <path d="M17 14V3h4v11h-4z" />
      <path d="M17 14l-4 8a3 3 0 0 1-3-3v-4H4.5a2 2 0 0 1-2-2.3l1.4-8A2 2 0 0 1 5.9 3H17" />
    </LineIcon>
  );
}

/** Views, and the admin's View action. */
export function EyeIcon({ size = 16 }: IconProps) {
  return (
    <LineIcon size={size}>
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
    </LineIcon>
  );
}

export function EditIcon({ size = 16 }: IconProps) {
  return (
    <LineIcon size={size}>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
    </LineIcon>
  );
}

export function DeleteIcon({ size = 16 }: IconProps) {
  return (
    <LineIcon size={size}>
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
    </LineIcon>
  );
}

/** The placeholder of an article without an image. */
export function NewspaperIcon({ size = 48 }: IconProps) {
  return (
    <LineIcon size={size} strokeWidth={1.5}>
      <path d="M4 4h13v16H6a2 2 0 0 1-2-2V4z" />
      <path d="M17 8h3v10a2 2 0 0 1-2 2" />
      <path d="M7 8h7M7 12h7M7 16h4" />
    </LineIcon>
  );
}

/** The placeholder of an image or video that is missing or failed to load. */
export function ImageOffIcon({ size = 48 }: IconProps) {
  return (
    <LineIcon size={size} strokeWidth={1.5}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M3 16l5-5 4 4 3-3 6 6" />
      <path d="M3 3l18 18" />
    </LineIcon>
  );
}

/** The home page's Events feature card. */
export function CalendarIcon({ size = 32 }: IconProps) {
  return (
    <LineIcon size={size} strokeWidth={1.5}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </LineIcon>
  );
}

/** The home page's Business Directory feature card. */
export function BuildingIcon({ size = 32 }: IconProps) {
  return (
    <LineIcon size={size} strokeWidth={1.5}>
      <path d="M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16" />
      <path d="M16 9h2a2 2 0 0 1 2 2v10M2 21h20" />
      <path d="M8 7h4M8 11h4M8 15h4" />
    </LineIcon>
  );
}

/** The home page's Tutorials feature card. */
export function GraduationCapIcon({ size = 32 }: IconProps) {
  return (
    <LineIcon size={size} strokeWidth={1.5}>
      <path d="M2 9l10-5 10 5-10 5-10-5z" />
      <path d="M6 11v5c2 2 10 2 12 0v-5M22 9v6" />
    </LineIcon>
  );
}
