import type { ContentRegistry, ContentType } from '../common/content/content-registry';
import { Language } from '../common/language';
import { languageAlternates, pageUrl } from './page-language';
import type { ImageFacts } from './preview-image';

/** A card's picture: absolute URL, the text that stands for it, and its size and type when known. */
export interface PreviewImage extends Partial<ImageFacts> {
  url: string;
  alt: string;
}

/** What a link shared on WhatsApp, Telegram or Facebook shows: Open Graph and Twitter card fields. */
export interface LinkPreview {
  title: string;
  description: string;
  /** null for a card without a picture. */
  image: PreviewImage | null;
  /** Absolute URL of the page in its language (canonical). */
  url: string;
  type: 'website' | 'article';
  language: Language;
  /** The page in each language, and the default for any other (hreflang). */
  alternates: Array<{ hreflang: string; href: string }>;
  /** The path names an item that is not public (unknown id, a draft): the page answers 404. */
  missing?: boolean;
}

/** The site's own card: its name, its description and its picture (root-relative). */
export interface SiteCard {
  name: string;
  description: string;
  image: string;
  imageFacts?: ImageFacts;
}

/** Where a page is and how to learn more of its pictures. */
export interface PreviewContext {
  path: string;
  language: Language;
  publicUrl: string;
  /** Size and type of a picture this site serves (root-relative URL), when it can tell. */
  imageFacts?: (url: string) => Promise<ImageFacts | undefined>;
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

/**
 * The card of the page at `context.path` (no query string) in absolute URLs; the site's card
 * without a registry. An item page whose item is not public is marked `missing`.
 */
export async function linkPreview(
  registry: ContentRegistry | undefined,
  site: SiteCard,
  context: PreviewContext,
): Promise<LinkPreview> {
  const { path, language, publicUrl } = context;
  const absolute = (url: string) => new URL(url, `${publicUrl}/`).toString();
  const page = {
    url: pageUrl(publicUrl, path, language),
    language,
    alternates: languageAlternates(publicUrl, path),
  };
  const siteImage: PreviewImage = {
    url: absolute(site.image),
    alt: site.name,
    ...site.imageFacts,
  };
  const sitePreview: LinkPreview = {
    ...page,
    title: site.name,
    description: site.description,
    image: siteImage,
    type: 'website',
  };
  for (const [pattern, type] of ITEM_PAGES) {
    const id = pattern.exec(path)?.[1];
    if (!id || !registry) continue;
    const item = await registry.preview(type, id);
    if (!item) return { ...sitePreview, missing: true };
    const facts = item.image ? await context.imageFacts?.(item.image) : undefined;
    return {
      ...page,
      title: item.title,
      description: toExcerpt(item.excerpt) || site.description,
      image: item.image ? { url: absolute(item.image), alt: item.title, ...facts } : siteImage,
      type: 'article',
    };
  }
  return sitePreview;
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

/** Open Graph locales of the interface's languages. */
const OG_LOCALES: Record<Language, string> = { [Language.EN]: 'en_US', [Language.AM]: 'am_ET' };

/** `<meta>` tags of the card, in the page's language with the other as the alternate. */
export function previewTags(preview: LinkPreview, siteName: string): string {
  const image = preview.image;
  const tags: Array<[string, string, string | number | null | undefined]> = [
    ['property', 'og:site_name', siteName],
    ['property', 'og:type', preview.type],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', preview.url],
    ['property', 'og:image', image?.url],
    ['property', 'og:image:type', image?.type],
    ['property', 'og:image:width', image?.width],
    ['property', 'og:image:height', image?.height],
    ['property', 'og:image:alt', image?.alt],
    ['property', 'og:locale', OG_LOCALES[preview.language]],
    ...Object.values(Language)
      .filter((language) => language !== preview.language)
      .map((language): [string, string, string] => [
        'property',
        'og:locale:alternate',
        OG_LOCALES[language],
      ]),
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
    ['name', 'twitter:image', image?.url],
    ['name', 'twitter:image:alt', image?.alt],
  ];
  return tags
    .filter(([, , content]) => content !== undefined && content !== null && content !== '')
    .map(
      ([attribute, key, content]) =>
        `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}" />`,
    )
    .join('\n    ');
}

/** The page's canonical URL and its alternates in the other languages (hreflang). */
export function languageLinks(preview: LinkPreview): string {
  return [
    `<link rel="canonical" href="${escapeHtml(preview.url)}" />`,
    ...preview.alternates.map(
      ({ hreflang, href }) =>
        `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}" />`,
    ),
  ].join('\n    ');
}
