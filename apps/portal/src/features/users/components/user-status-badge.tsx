import { Badge } from '@mantine/core';
import type { UserStatus } from '@clearlane/contract/users';

export const STATUS_LABELS: Record<UserStatus, string> = { ACTIVE: 'Active', INVITED: 'Invited', DISABLED: 'Disabled' };
const COLORS: Record<UserStatus, string> = { ACTIVE: 'teal.9', INVITED: 'lane.7', DISABLED: 'gray.7' };

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge color={COLORS[status]} variant={status === 'DISABLED' ? 'outline' : 'filled'} style={{ minWidth: 'max-content' }}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
