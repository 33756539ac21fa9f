import type { ReactNode } from 'react';

export interface AppLayoutProps {
  /** The brand block at the top left (usually a link home). */
  readonly brand: ReactNode;
  /** Controls at the top right (language, theme). */
  readonly tools?: ReactNode;
  /** Links in the footer. */
  readonly footer?: ReactNode;
  readonly children: ReactNode;
}

/** The page frame: header with brand and tools, the main content, a footer. */
export function AppLayout({ brand, tools, footer, children }: AppLayoutProps) {
  return (
    <div className="ll-layout">
      <header className="ll-header">
        {brand}
        <div className="ll-header-tools">{tools}</div>
      </header>
      <main className="ll-main" id="main">
        {children}
      </main>
      {footer ? <footer className="ll-footer">{footer}</footer> : null}
    </div>
  );
}
