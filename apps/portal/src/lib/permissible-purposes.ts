// The DPPA permissible purposes (18 U.S.C. 2721(b)) an MVR may be ordered for, as the order forms
// offer them: "(b)(3) …" with the section first.
import { DPPA_PERMISSIBLE_PURPOSES, type PermissiblePurpose } from '@clearlane/contract/orders';

export const PERMISSIBLE_PURPOSE_OPTIONS = (Object.entries(DPPA_PERMISSIBLE_PURPOSES) as [PermissiblePurpose, { section: string; label: string }][]).map(
  ([value, purpose]) => ({ value, label: `${purpose.section} ${purpose.label}` }),
);
