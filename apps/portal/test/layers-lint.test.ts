// The portal's layering rule (scripts/eslint/no-cross-feature-imports.js, `npm run lint`): imports
// flow lib → components → features → app → routes, never back.
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { portalLayers } from '../../../scripts/eslint/no-cross-feature-imports.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });

const SRC = '/repo/apps/portal/src';

describe('portal-layers', () => {
  tester.run('portal-layers', portalLayers, {
    valid: [
      { filename: `${SRC}/features/users/components/users-page.tsx`, code: "import { api } from '../../../lib/http.ts';" },
      { filename: `${SRC}/features/users/components/users-page.tsx`, code: "import { ListTable } from '../../../components/list-view/list-table.tsx';" },
      { filename: `${SRC}/features/users/components/users-page.tsx`, code: "import { useUsers } from '../api/get-users.ts';" },
      { filename: `${SRC}/components/list-view/list-table.tsx`, code: "import { LIST_PAGE_SIZES } from '../../lib/list-search.ts';" },
      { filename: `${SRC}/lib/entities/drivers/get-drivers.ts`, code: "import { api } from '../../http.ts'; import { z } from 'zod';" },
      { filename: `${SRC}/app/router.tsx`, code: "import { notify } from '../lib/toasts/notify.ts'; import { routeTree } from '../routeTree.gen.ts';" },
      { filename: `${SRC}/routes/_public/login.lazy.tsx`, code: "import { completeSignIn } from '../../app/auth/complete-sign-in.ts';" },
    ],
    invalid: [
      { filename: `${SRC}/features/orders/api/set-order-reviewed.ts`, code: "import { notify } from '../../../app/toasts/notify.ts';", errors: [{ messageId: 'layer' }] },
      { filename: `${SRC}/features/auth/components/login-page.tsx`, code: "const m = import('../../../routes/__root.tsx');", errors: [{ messageId: 'layer' }] },
      { filename: `${SRC}/lib/http.ts`, code: "export { useUsers } from '../features/users/api/get-users.ts';", errors: [{ messageId: 'layer' }] },
      { filename: `${SRC}/lib/http.ts`, code: "import { ListTable } from '../components/list-view/list-table.tsx';", errors: [{ messageId: 'layer' }] },
      { filename: `${SRC}/components/list-view/list-table.tsx`, code: "import { queryClient } from '../../app/query-client.ts';", errors: [{ messageId: 'layer' }] },
      { filename: `${SRC}/components/list-view/list-table.tsx`, code: "import { useUsers } from '../../features/users/api/get-users.ts';", errors: [{ messageId: 'layer' }] },
    ],
  });
});
