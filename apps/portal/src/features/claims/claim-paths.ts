// The claim form's pages (/claims/add-claim, /claims/$claimId/edit) are built beside these pages
// (issue 11's form); the links to them are typed once both sets of routes are in one tree.
export const ADD_CLAIM_PATH = '/claims/add-claim';
export const editClaimPath = (claimId: string) => `/claims/${encodeURIComponent(claimId)}/edit`;
