// Mantine's Anchor and Button as router links that keep TanStack Router's typed `to` + `params`
// (`<Anchor component={Link}>` loses the route types, so params could not be checked).
import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

type MantineAnchorProps = Omit<AnchorProps, 'href'> & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof AnchorProps | 'href'>;
const MantineAnchor = forwardRef<HTMLAnchorElement, MantineAnchorProps>((props, ref) => <Anchor ref={ref} {...props} />);
const AnchorRouterLink = createLink(MantineAnchor);
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => <AnchorRouterLink preload="intent" {...props} />;

type MantineButtonProps = ButtonProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof ButtonProps | 'href'>;
const MantineButtonAnchor = forwardRef<HTMLAnchorElement, MantineButtonProps>((props, ref) => <Button ref={ref} component="a" {...props} />);
const ButtonRouterLink = createLink(MantineButtonAnchor);
export const ButtonLink: LinkComponent<typeof MantineButtonAnchor> = (props) => <ButtonRouterLink preload="intent" {...props} />;
