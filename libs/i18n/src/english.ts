import { buildResources, type Messages } from './resources';

/**
 * The English texts every page may show (the shell's frame, shared components, countries),
 * bundled: the default language draws without waiting. Keep in step with `englishOnDemand`. The
 * error texts are not among them: they load with the first error shown (`loadErrorTexts`).
 */
export const english = buildResources(
  import.meta.glob<{ default: Messages }>(
    ['./locales/en/common.json', './locales/en/ui.json', './locales/en/comments.json'],
    { eager: true },
  ),
).en;

/** Every other English namespace, a chunk each, loaded when a page asks for it (lazyPage). */
export const englishOnDemand: Record<string, () => Promise<Messages>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<Messages>(
      [
        './locales/en/*.json',
        '!./locales/en/common.json',
        '!./locales/en/ui.json',
        '!./locales/en/comments.json',
      ],
      { import: 'default' },
    ),
  ).map(([path, load]) => [/([^/]+)\.json$/.exec(path)?.[1] ?? path, load]),
);
