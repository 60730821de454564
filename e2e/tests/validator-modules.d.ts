// Types of the two validators' packages, which ship none: only what validators.spec.ts uses.
declare module 'pa11y' {
  import type { Browser } from 'puppeteer-core';

  export interface Pa11yIssue {
    code: string;
    type: 'error' | 'warning' | 'notice';
    message: string;
    selector: string;
    context: string;
  }
  export interface Pa11yOptions {
    browser?: Browser;
    runners?: string[];
    standard?: 'WCAG2A' | 'WCAG2AA' | 'WCAG2AAA';
    includeWarnings?: boolean;
    includeNotices?: boolean;
    actions?: string[];
    timeout?: number;
    wait?: number;
    viewport?: { width: number; height: number };
  }
  export default function pa11y(
    url: string,
    options?: Pa11yOptions,
  ): Promise<{ pageUrl: string; issues: Pa11yIssue[] }>;
}

declare module 'vnu-jar' {
  /** The path of vnu.jar (a String object). */
  const jar: string;
  export default jar;
}
