// The uiSchema's `companyDriver` widget (drivers.N.personId): a searchable picker of the company's
// drivers, the order forms' DriverPicker, holding the driver's id. A driver the form names but the
// company no longer has (or an id typed elsewhere) shows as its id, so nothing is silently lost.
import type { WidgetProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { DriverPicker } from '../../../components/subject-pickers.tsx';
import { useOptionalDriver } from '../../../lib/entities/drivers/get-driver.ts';

export function CompanyDriverWidget({ id, value, onChange, onBlur, onFocus, label, hideLabel, required, disabled, readonly, rawErrors, autofocus }: WidgetProps) {
  const personId = typeof value === 'string' && value ? value : undefined;
  const driver = useOptionalDriver(personId);
  const unknown = personId && driver.isError;
  return (
    <DriverPicker
      id={id}
      label={hideLabel ? undefined : label}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      picked={driver.data}
      onPick={(picked) => onChange(picked?.id)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      description={unknown ? `Driver ${personId} is not one of your company's drivers any more: pick another.` : 'One of your company’s drivers. Not listed? Choose “Typed in” above.'}
      error={rawErrors && rawErrors.length > 0 ? rawErrors.join(' ') : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      nothingFound="No driver matches. Choose “Typed in” above to type the driver in."
    />
  );
}
