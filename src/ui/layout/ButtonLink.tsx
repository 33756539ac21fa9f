import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface ButtonLinkProps {
  /** An app path (`/member`) or, with `external`, an absolute URL. */
  readonly to: string;
  readonly external?: boolean;
  /** Open in a new tab (external links only); adds rel="noopener noreferrer". */
  readonly newTab?: boolean;
  readonly variant?: 'primary' | 'secondary' | 'plain';
  readonly children: ReactNode;
}

/** A link styled as a button (or plain), internal through the router or external. */
export function ButtonLink({
  to,
  external,
  newTab,
  variant = 'secondary',
  children,
}: ButtonLinkProps) {
  const className =
    variant === 'plain'
      ? undefined
      : `ll-button${variant === 'primary' ? ' ll-button-primary' : ''}`;
  if (external) {
    return (
      <a
        className={className}
        href={to}
        {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {children}
      </a>
    );
  }
  return (
    <Link className={className} to={to}>
      {children}
    </Link>
  );
}
