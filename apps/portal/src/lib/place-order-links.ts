// The pages that place each kind of order, as the orders list's "Place an order" menu and the home
// page's quick links offer them. The MVR form orders with or without adjudication (its checkbox),
// so one link serves both MVR order types. A link with a plugin is offered only when the company
// has that plugin (besides orders, which every one of them needs).
import type { Icon } from '@tabler/icons-react';
import { IconBuildingSkyscraper, IconCar, IconFileSpreadsheet, IconSteeringWheel, IconUserShield } from '@tabler/icons-react';
import type { PluginName } from '@clearlane/contract/company';
import { ORDER_TYPE_LABELS } from '@clearlane/contract/labels';

export interface PlaceOrderLink {
  to: '/orders/mvr/single-order' | '/orders/mvr/multiple-orders' | '/orders/vin/single-order' | '/orders/person-risk-assessment/single-order' | '/orders/business-risk-assessment/single-order';
  label: string;
  /** What the home page's quick link says under the label. */
  description: string;
  icon: Icon;
  plugin?: PluginName;
}

export const PLACE_ORDER_LINKS: readonly PlaceOrderLink[] = [
  { to: '/orders/mvr/single-order', label: 'MVR for one driver', description: 'A motor vehicle record, with or without adjudication.', icon: IconSteeringWheel },
  { to: '/orders/mvr/multiple-orders', label: 'MVRs from a spreadsheet', description: 'Many drivers at once, from the bulk template.', icon: IconFileSpreadsheet, plugin: 'bulk-orders' },
  { to: '/orders/vin/single-order', label: ORDER_TYPE_LABELS.VIN_REPORT, description: 'Title, recalls and history of a vehicle.', icon: IconCar },
  { to: '/orders/person-risk-assessment/single-order', label: ORDER_TYPE_LABELS.PERSON_RISK_ASSESSMENT, description: 'Risk of a driver or another person.', icon: IconUserShield },
  { to: '/orders/business-risk-assessment/single-order', label: ORDER_TYPE_LABELS.BUSINESS_RISK_INFORM_REPORT, description: 'Risk of one of your businesses.', icon: IconBuildingSkyscraper, plugin: 'businesses' },
];

/** The links the company's plugins allow (the caller checks the role: create Order). */
export const placeOrderLinksFor = (plugins: readonly string[]) => PLACE_ORDER_LINKS.filter((link) => !link.plugin || plugins.includes(link.plugin));
