// The default permission table of the four roles (SPEC.md §6 leaves it to us; README documents it).
// The server seeds these rows into the database, where an operator may change them per role;
// the portal never uses this table: it gets the effective rules with /users/me.
import type { Permission } from './users.ts';
import type { RoleName } from './enums.ts';

const view = (subject: Permission['subject']): Permission => ({ action: 'view', subject });
const create = (subject: Permission['subject']): Permission => ({ action: 'create', subject });
const manage = (subject: Permission['subject']): Permission => ({ action: 'manage', subject });

export const DEFAULT_ROLE_PERMISSIONS: Record<RoleName, Permission[]> = {
  // Everything in the company, including its users and settings.
  'Company Admin': [{ action: 'manage', subject: 'ANY' }],
  // Runs the programme: orders, reviews, rulesets, claims, monitoring; reads the user list.
  Manager: [
    manage('Order'), manage('Driver'), manage('Business'), manage('Claim'), manage('Monitoring'),
    manage('Reports'), manage('Scores'), view('User'),
  ],
  // Places orders and keeps subjects up to date; cannot review, change rulesets or manage users.
  Agent: [
    create('Order'), view('Order'), create('Driver'), view('Driver'), create('Business'), view('Business'),
    create('Claim'), view('Claim'), view('Monitoring'), view('Reports'), view('Scores'),
  ],
  // Reads everything of the company except its users.
  Viewer: [
    view('Order'), view('Driver'), view('Business'), view('Claim'), view('Monitoring'), view('Reports'), view('Scores'),
  ],
};
