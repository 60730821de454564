import type { ReactNode } from 'react';
import { useDocumentTitle } from './useDocumentTitle';

interface PageFrameProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}

/** Hero with the page heading, then the page body; the heading names the browser tab too. */
export function PageFrame({ title, subtitle, children }: PageFrameProps) {
  useDocumentTitle(typeof title === 'string' ? title : undefined);
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1 className="page-hero__title">{title}</h1>
          {subtitle && <p className="page-hero__subtitle">{subtitle}</p>}
        </div>
      </section>
      <div className="container page-body">{children}</div>
    </>
  );
}
