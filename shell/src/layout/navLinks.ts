/** The site sections of the top bar, in order (spec section 1). */
export const NAV_LINKS = [
  { to: '/', key: 'nav.home' },
  { to: '/about', key: 'nav.about' },
  { to: '/events', key: 'nav.events' },
  { to: '/news', key: 'nav.news' },
  { to: '/directory', key: 'nav.directory' },
  { to: '/tutorials', key: 'nav.tutorials' },
  { to: '/join', key: 'nav.join' },
  { to: '/contact', key: 'nav.contact' },
] as const;
