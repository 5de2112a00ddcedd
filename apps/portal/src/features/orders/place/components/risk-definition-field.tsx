// The assessment definition of a person or business risk order, chosen from a list (GET
// /risk-definitions): Clearlane's, then those the company's earlier orders named. A value the list
// does not hold (an order being retried) stays shown and selectable, so the form never silently
// changes what it was given; the server still checks it.
import { Select } from '@mantine/core';
import { useRiskDefinitions, type RiskOrderType } from '../../../../lib/entities/risk-definitions/get-risk-definitions.ts';

export interface DefinitionFieldProps {
  type: RiskOrderType;
  value?: string;
  onChange: (value: string) => void;
  error?: React.ReactNode;
  onBlur?: () => void;
  onFocus?: () => void;
}

export function DefinitionField({ type, value = '', onChange, ...props }: DefinitionFieldProps) {
  const definitions = useRiskDefinitions(type);
  const listed = (definitions.data ?? []).map((definition) => ({
    value: definition.name,
    label: definition.source === 'offered' ? `${definition.label} (${definition.name})` : `${definition.name} (used before)`,
  }));
  const unlisted = value !== '' && !listed.some((option) => option.value === value) ? [{ value, label: definitions.data ? `${value} (not listed)` : value }] : [];
  return (
    <Select
      label="Assessment definition"
      description={
        definitions.isError ? 'The list of definitions could not be loaded; try again in a moment.' : 'Keep the standard assessment unless your contract names another profile.'
      }
      data={[...listed, ...unlisted]}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      allowDeselect={false}
      searchable={listed.length > 8}
      nothingFoundMessage="No such definition"
      {...props}
    />
  );
}
