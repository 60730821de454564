import type { ContentRegistry, ContentType } from '../common/content/content-registry';

/** What a link shared on WhatsApp, Telegram or Facebook shows: Open Graph and Twitter card fields. */
export interface LinkPreview {
  title: string;
  description: string;
  /** Absolute URL, or null for a card without a picture. */
  image: string | null;
  /** Absolute URL of the page. */
  url: string;
  type: 'website' | 'article';
}

/** The site's own card: its name, its description and its picture. */
export interface SiteCard {
  name: string;
  description: string;
  image: string;
}

/** Pages of one item, whose card shows that item; every other page shows the site's card. */
const ITEM_PAGES: ReadonlyArray<readonly [RegExp, ContentType]> = [
  [/^\/events\/([^/]+)\/?$/, 'events'],
  [/^\/news\/([^/]+)\/?$/, 'news'],
];

const EXCERPT_LENGTH = 200;

/** Plain text of at most EXCERPT_LENGTH characters, cut at a word. */
export function toExcerpt(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= EXCERPT_LENGTH) return plain;
  const cut = plain.slice(0, EXCERPT_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > EXCERPT_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** The card of the page at `path` (no query string) in absolute URLs; the site's card without a registry. */
export async function linkPreview(
  registry: ContentRegistry | undefined,
  path: string,
  site: SiteCard,
  publicUrl: string,
): Promise<LinkPreview> {
  const absolute = (url: string) => new URL(url, `${publicUrl}/`).toString();
  for (const [pattern, type] of ITEM_PAGES) {
    const id = pattern.exec(path)?.[1];
    const item = id && registry ? await registry.preview(type, id) : undefined;
    if (!item) continue;
    return {
      title: item.title,
      description: toExcerpt(item.excerpt) || site.description,
      image: absolute(item.image ?? site.image),
      url: absolute(path),
      type: 'article',
    };
  }
  return {
    title: site.name,
    description: site.description,
    image: absolute(site.image),
    url: absolute(path),
    type: 'website',
  };
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** Text of an HTML attribute or element that uses only the entities `escapeHtml` writes. */
export function unescapeHtml(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** `<meta>` tags of the card; the page is served in English first, Amharic is the alternate. */
export function previewTags(preview: LinkPreview, siteName: string): string {
  const tags: Array<[string, string, string | null]> = [
    ['property', 'og:site_name', siteName],
    ['property', 'og:type', preview.type],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', preview.url],
    ['property', 'og:image', preview.image],
    ['property', 'og:locale', 'en_US'],
    ['property', 'og:locale:alternate', 'am_ET'],
    ['name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
    ['name', 'twitter:image', preview.image],
  ];
  return tags
    .filter(([, , content]) => content)
    .map(
      ([attribute, key, content]) =>
        `<meta ${attribute}="${key}" content="${escapeHtml(content as string)}" />`,
    )
    .join('\n    ');
}
