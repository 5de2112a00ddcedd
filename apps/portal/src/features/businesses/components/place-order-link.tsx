// A button-looking link to one of the Orders section's order forms with the business filled in
// (?businessId=…). Those forms are another section's routes, so the link names them by URL; a plain
// click still navigates inside the app, while ctrl/cmd/middle click opens a tab as with any link.
import { Button, type ButtonProps } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

export function PlaceOrderLink({ href, children, ...buttonProps }: ButtonProps & { href: string; children: ReactNode }) {
  const router = useRouter();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <Button component="a" href={href} onClick={onClick} {...buttonProps}>
      {children}
    </Button>
  );
}

/** The order form a business is ordered on. */
export const businessRiskOrderHref = (businessId: string) => `/orders/business-risk-assessment/single-order?businessId=${encodeURIComponent(businessId)}`;
