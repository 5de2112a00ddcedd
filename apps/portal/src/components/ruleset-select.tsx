// The ruleset an order is judged by, chosen from the company's rulesets (GET /rulesets) rather
// than typed: each one by its name, with its namespace and how many rules it has. A namespace the
// list does not hold (an old setting, a ruleset since renamed) stays shown and selectable, so a
// form never silently changes what it was given; the server still checks it.
import { Select, type SelectProps } from '@mantine/core';
import type { RulesetSummary } from '@clearlane/contract/orders';
import { useRulesets } from '../lib/entities/rulesets/get-rulesets.ts';

const plural = (count: number, one: string) => `${count} ${count === 1 ? one : `${one}s`}`;

export const rulesetOptionLabel = (ruleset: Pick<RulesetSummary, 'namespace' | 'name' | 'ruleCount'>) =>
  `${ruleset.name} (${ruleset.namespace}, ${plural(ruleset.ruleCount, 'rule')})`;

export interface RulesetSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  /** The chosen namespace; '' for none (where `emptyLabel` offers the company default). */
  value: string;
  onChange: (namespace: string) => void;
  /** Offered as a first choice meaning "no ruleset named" (sent as null), when the form allows it. */
  emptyLabel?: string;
}

export function RulesetSelect({ value, onChange, emptyLabel, description, ...props }: RulesetSelectProps) {
  const rulesets = useRulesets();
  const listed = (rulesets.data ?? []).map((ruleset) => ({ value: ruleset.namespace, label: rulesetOptionLabel(ruleset) }));
  const unlisted = value !== '' && rulesets.data && !listed.some((option) => option.value === value) ? [{ value, label: `${value} (not found)` }] : [];
  const data = [...(emptyLabel ? [{ value: '', label: emptyLabel }] : []), ...listed, ...unlisted];
  return (
    <Select
      {...props}
      data={data}
      value={emptyLabel || value !== '' ? value : null}
      onChange={(next) => onChange(next ?? '')}
      allowDeselect={false}
      searchable={listed.length > 8}
      nothingFoundMessage="No such ruleset"
      description={rulesets.isError ? 'Your company’s rulesets could not be loaded; try again in a moment.' : description}
      disabled={props.disabled || (rulesets.isPending && data.length === 0)}
    />
  );
}
