import type { ReactNode } from 'react';

interface PageFrameProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}

/** Hero with the page heading, then the page body. */
export function PageFrame({ title, subtitle, children }: PageFrameProps) {
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
