// Every TanStack Query key of the portal, one factory per entity, so that two screens showing the
// same data share one cache entry (the order form's driver picker and the drivers page), and an
// invalidation reaches every screen that shows it. Keys are written here and nowhere else.
//
// Shape: [entity, kind, ...arguments]. Invalidating [entity] refreshes everything about it;
// [entity, 'list'] every page of its lists, whichever filters.

export const queryKeys = {
  drivers: {
    all: ['drivers'] as const,
    lists: ['drivers', 'list'] as const,
    list: (query: object) => ['drivers', 'list', query] as const,
    detail: (id: string) => ['drivers', 'detail', id] as const,
  },
  businesses: {
    all: ['businesses'] as const,
    lists: ['businesses', 'list'] as const,
    list: (query: object) => ['businesses', 'list', query] as const,
    detail: (id: string) => ['businesses', 'detail', id] as const,
  },
  orders: {
    all: ['orders'] as const,
    /** Every list of orders: the orders page, and a driver's or a business's orders. */
    lists: ['orders', 'list'] as const,
    list: (query: object) => ['orders', 'list', query] as const,
    detail: (id: string) => ['orders', 'detail', id] as const,
    input: (id: string) => ['orders', 'input', id] as const,
    report: (id: string, kind: string) => ['orders', 'report', id, kind] as const,
    mvrMetrics: ['orders', 'mvr-metrics'] as const,
    /** An order's FCRA adverse action (issue 13). */
    adverseAction: (id: string) => ['orders', 'adverse-action', id] as const,
  },
  reports: {
    all: ['reports'] as const,
    list: (query: object) => ['reports', 'list', query] as const,
    detail: (id: string) => ['reports', 'detail', id] as const,
    group: (id: string) => ['reports', 'group', id] as const,
    groupPage: (id: string, query: object) => ['reports', 'group', id, query] as const,
    groups: (query: object) => ['reports', 'groups', query] as const,
  },
  users: {
    all: ['users'] as const,
    lists: ['users', 'list'] as const,
    list: (query: object) => ['users', 'list', query] as const,
    detail: (id: string) => ['users', 'detail', id] as const,
  },
  tags: {
    all: ['tags'] as const,
    /** Every tag of the company (the orders list's filter). */
    used: ['tags', 'used'] as const,
    /** The tags offered when placing an order. */
    offered: ['tags', 'offered'] as const,
  },
  rulesets: {
    /** The company's rulesets, which the order forms choose from. */
    list: ['rulesets', 'list'] as const,
    detail: (namespace: string) => ['rulesets', 'detail', namespace] as const,
    /** The saved versions of one ruleset (who, when), newest first. */
    versions: (namespace: string) => ['rulesets', 'versions', namespace] as const,
    all: ['rulesets'] as const,
  },
  riskDefinitions: {
    /** The assessment definitions a risk order form offers, by order type. */
    list: (type: string) => ['risk-definitions', 'list', type] as const,
  },
  company: {
    mine: ['company', 'me'] as const,
    /** The home page's figures (drivers, alerts, reviews, orders): moved by drivers, alerts and orders alike. */
    metrics: ['company', 'metrics'] as const,
    /** The sub-statuses the company's reviewers pick from. */
    subStatuses: ['company', 'sub-statuses'] as const,
  },
  alerts: {
    all: ['alerts'] as const,
    /** Every list of driver alerts: the alerts page, the home page's newest, a driver's. */
    lists: ['alerts', 'list'] as const,
    list: (query: object) => ['alerts', 'list', query] as const,
    detail: (personId: string, alertId: string) => ['alerts', 'detail', personId, alertId] as const,
  },
  /** A driver's monitoring history and annual reviews (issue 9). */
  monitoring: {
    /** Every page of one driver's history. */
    personEvents: (personId: string) => ['monitoring', 'events', personId] as const,
    events: (personId: string, query: object) => ['monitoring', 'events', personId, query] as const,
    annualReviews: (personId: string) => ['monitoring', 'annual-reviews', personId] as const,
    /** The company's monitoring settings (re-order an MVR on a change, and its ruleset). */
    settings: ['monitoring', 'settings'] as const,
  },
  /** Report bundles (issue 10): the downloads list and one download (its progress). */
  downloads: {
    all: ['downloads'] as const,
    lists: ['downloads', 'list'] as const,
    list: (query: object) => ['downloads', 'list', query] as const,
    detail: (id: string) => ['downloads', 'detail', id] as const,
  },
  /** DOT quality scores (issue 12): the company's DOT numbers and the quality report of its carriers. */
  dotScores: {
    all: ['dot-scores'] as const,
    dots: ['dot-scores', 'dots'] as const,
    reports: ['dot-scores', 'report'] as const,
    /** The report of the numbers given (sorted), or of every listed number. */
    report: (dotNumbers?: readonly string[]) => ['dot-scores', 'report', dotNumbers ? [...dotNumbers].sort() : 'all'] as const,
  },
  /** Claims (issue 11): the list, one claim, its orders and its snapshots. */
  claims: {
    all: ['claims'] as const,
    lists: ['claims', 'list'] as const,
    list: (query: object) => ['claims', 'list', query] as const,
    detail: (id: string) => ['claims', 'detail', id] as const,
    orders: (id: string) => ['claims', 'orders', id] as const,
    snapshots: (id: string) => ['claims', 'snapshots', id] as const,
    snapshot: (id: string, snapshotId: string) => ['claims', 'snapshot', id, snapshotId] as const,
  },
  /** The company's claim form versions (immutable once published). */
  claimSchemas: {
    all: ['claim-schemas'] as const,
    current: ['claim-schemas', 'current'] as const,
    version: (version: number) => ['claim-schemas', 'version', version] as const,
  },
  /** The company's single sign-on configuration (issue 14). */
  companySso: ['company', 'sso'] as const,
  userContext: ['user-context'] as const,
  systemMessage: ['system-message'] as const,
  health: ['health'] as const,
};

/** Mutation keys (useIsMutating, devtools): [entity, action, ...]. */
export const mutationKeys = {
  auth: {
    signIn: ['auth', 'sign-in'] as const,
    confirmSignIn: ['auth', 'confirm-sign-in'] as const,
    forgotPassword: ['auth', 'forgot-password'] as const,
    confirmResetPassword: ['auth', 'confirm-reset-password'] as const,
    discover: ['auth', 'discover'] as const,
    confirmSignUp: ['auth', 'confirm-sign-up'] as const,
    resendSignUpCode: ['auth', 'resend-sign-up-code'] as const,
  },
  drivers: { create: ['drivers', 'create'] as const, update: ['drivers', 'update'] as const, bulkMonitoring: ['drivers', 'bulk-monitoring'] as const },
  businesses: { create: ['businesses', 'create'] as const },
  monitoring: { saveSettings: ['monitoring', 'save-settings'] as const },
  company: { saveSubStatuses: ['company', 'save-sub-statuses'] as const },
  companySso: { save: ['company', 'sso', 'save'] as const, remove: ['company', 'sso', 'remove'] as const },
  downloads: { generate: ['downloads', 'generate'] as const, file: (id: string) => ['downloads', 'file', id] as const },
  claims: {
    create: ['claims', 'create'] as const,
    update: (id: string) => ['claims', 'update', id] as const,
    publish: (id: string) => ['claims', 'publish', id] as const,
    attach: (id: string) => ['claims', 'attach', id] as const,
    detach: (id: string) => ['claims', 'detach', id] as const,
    downloadSnapshot: (snapshotId: string) => ['claims', 'download-snapshot', snapshotId] as const,
  },
  users: { create: ['users', 'create'] as const, resendInvite: ['users', 'resend-invite'] as const },
  dotScores: {
    score: ['dot-scores', 'score'] as const,
    remove: ['dot-scores', 'remove'] as const,
    save: ['dot-scores', 'save'] as const,
    exportCsv: ['dot-scores', 'export-csv'] as const,
  },
  orders: {
    place: (kind: string) => ['orders', 'place', kind] as const,
    updateStatus: ['orders', 'update-status'] as const,
    adverseAction: ['orders', 'adverse-action'] as const,
    setReviewed: ['orders', 'set-reviewed'] as const,
    downloadMvr: (orderId: string) => ['orders', 'download-mvr', orderId] as const,
    downloadReport: (orderId: string, kind: string) => ['orders', 'download-report', orderId, kind] as const,
    uploadSheet: ['orders', 'upload-sheet'] as const,
  },
};
