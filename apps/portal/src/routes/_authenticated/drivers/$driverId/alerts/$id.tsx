import { createFileRoute } from '@tanstack/react-router';
import { requireUuidParams } from '../../../../../app/errors/route-validity.ts';

// A monitoring alert of a driver. The server decides who sees it: with the monitoring plugin off it
// answers 403 PluginNotEnabled, to a role without view Monitoring 403, for another company's alert or
// another driver's 404. The page fetches it (useSuspenseQuery), and what it throws shows the error
// page like a loader's would: no loader or guard here, whose code would push the entry over budget.
export const Route = createFileRoute('/_authenticated/drivers/$driverId/alerts/$id')({
  beforeLoad: requireUuidParams('driverId', 'id'),
});
