// The main navigation: every section of SPEC.md §2's route table, with what it needs to be shown
// (a company plugin, an ability). Only sections marked `built` are rendered: a link must never lead
// to a page that does not exist yet. Building a section = adding its routes, then `built: true`.
import type { Icon } from '@tabler/icons-react';
import {
  IconBell, IconBuildingSkyscraper, IconChartBar, IconClipboardList, IconDownload, IconFileText, IconHome, IconShieldCheck, IconSteeringWheel, IconUsers,
} from '@tabler/icons-react';
import type { AbilityAction, AbilitySubject, AppAbility } from '@clearlane/contract/ability';
import type { PluginName } from '@clearlane/contract/company';

export interface NavItem {
  label: string;
  /** The section's root path; the item is active on it and below it. */
  to: string;
  icon: Icon;
  /** Whether the section's pages exist. Unbuilt sections are listed here, never rendered. */
  built: boolean;
  /** The company plugin that switches the section on, if any. */
  plugin?: PluginName;
  /** The ability a user needs to see the section, if any. */
  ability?: { action: AbilityAction; subject: AbilitySubject };
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: '/', icon: IconHome, built: true },
  { label: 'Orders', to: '/orders', icon: IconClipboardList, built: true, plugin: 'orders', ability: { action: 'view', subject: 'Order' } },
  { label: 'Drivers', to: '/drivers', icon: IconSteeringWheel, built: true, ability: { action: 'view', subject: 'Driver' } },
  { label: 'Driver alerts', to: '/drivers/alerts', icon: IconBell, built: true, plugin: 'monitoring', ability: { action: 'view', subject: 'Monitoring' } },
  { label: 'Businesses', to: '/businesses', icon: IconBuildingSkyscraper, built: true, plugin: 'businesses', ability: { action: 'view', subject: 'Business' } },
  { label: 'Reports', to: '/reports', icon: IconFileText, built: true, plugin: 'orders', ability: { action: 'view', subject: 'Reports' } },
  { label: 'Claims', to: '/claims', icon: IconShieldCheck, built: true, plugin: 'claims', ability: { action: 'view', subject: 'Claim' } },
  { label: 'Scores', to: '/scores', icon: IconChartBar, built: false, plugin: 'dot-scores', ability: { action: 'view', subject: 'Scores' } },
  { label: 'Downloads', to: '/downloads', icon: IconDownload, built: true, plugin: 'downloads', ability: { action: 'view', subject: 'Reports' } },
  { label: 'Users', to: '/users', icon: IconUsers, built: true, ability: { action: 'view', subject: 'User' } },
];

/** The items this user sees: built, plugin switched on, ability granted. */
export function visibleNavItems(items: readonly NavItem[], access: { ability: AppAbility; plugins: readonly string[] }): NavItem[] {
  return items.filter(
    (item) =>
      item.built &&
      (!item.plugin || access.plugins.includes(item.plugin)) &&
      (!item.ability || access.ability.can(item.ability.action, item.ability.subject)),
  );
}

/** Home is active only on '/', a section on its path and below ('/users/add-user' → Users). */
export function isNavItemActive(item: Pick<NavItem, 'to'>, pathname: string): boolean {
  if (item.to === '/') return pathname === '/';
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}

/** The one item to mark current: of those active, the most specific ('/drivers/alerts' over '/drivers'). */
export function currentNavItem<Item extends Pick<NavItem, 'to'>>(items: readonly Item[], pathname: string): Item | undefined {
  return items.filter((item) => isNavItemActive(item, pathname)).sort((a, b) => b.to.length - a.to.length)[0];
}
