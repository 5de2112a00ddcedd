// An anchor for URLs that are not routes (help pages, vendor documents): checked by the same rules
// as safeNavigate. A refused URL renders as plain text, never as a clickable link.
import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { classifyNavigation } from '../../lib/safe-navigation.ts';
import { safeHref } from './safe-navigate.ts';

export interface SafeLinkProps extends AnchorProps {
  href: string;
  /** Allow this external URL explicitly. */
  external?: boolean;
  children: ReactNode;
}

export function SafeLink({ href, external, children, ...props }: SafeLinkProps) {
  const checked = safeHref(href, { external });
  if (!checked) return <span>{children}</span>;
  const leaves = classifyNavigation(checked, { external: true }).external;
  return (
    <Anchor href={checked} {...(leaves ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...props}>
      {children}
      {leaves && <span className="visually-hidden"> (opens in a new tab)</span>}
    </Anchor>
  );
}
