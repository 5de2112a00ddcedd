// Who an order about a person is for: a driver of the company (searched, or the one a link named with
// ?personId=) or someone typed in. The MVR and the person risk assessment forms ask it alike.
import { Group, Radio } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { Person } from '@clearlane/contract/persons';
import { useOptionalDriver } from '../../../../lib/entities/drivers/get-driver.ts';
import { DriverPicker } from '../../../../components/subject-pickers.tsx';
import type { DriverSource } from '../forms/mvr-order-form.ts';

/** The driver picked for an order: the link's driver until the user picks one (or clears it). */
export function useDriverPick(linkedPersonId: string | undefined, setPersonId: (id: string) => void) {
  // undefined until the user picks: until then the driver named by the link is the pick.
  const [pickedByUser, setPickedByUser] = useState<Person | null | undefined>(undefined);
  const linked = useOptionalDriver(pickedByUser === undefined ? linkedPersonId : undefined);
  const picked = pickedByUser === undefined ? linked.data : (pickedByUser ?? undefined);
  return {
    picked,
    /** The link named a driver the company does not have (another company's, or removed). */
    linkedDriverMissing: pickedByUser === undefined && !!linkedPersonId && linked.isError,
    pick: (driver: Person | undefined) => {
      setPickedByUser(driver ?? null);
      setPersonId(driver?.id ?? '');
    },
  };
}

export interface SubjectSourceProps {
  /** "Who is the record for?" */
  question: string;
  /** The second choice's words ("Type in a new driver"). */
  typeInLabel: string;
  source: DriverSource;
  onSourceChange: (source: DriverSource) => void;
  pick: ReturnType<typeof useDriverPick>;
  /** Under the picker: what the picked driver's details mean for this order. */
  pickedDescription: ReactNode;
  /** The form's error of personId, if any. */
  error: ReactNode;
  /** The fields of someone typed in. */
  children: ReactNode;
}

export function SubjectSource({ question, typeInLabel, source, onSourceChange, pick, pickedDescription, error, children }: SubjectSourceProps) {
  return (
    <>
      <Radio.Group label={question} value={source} onChange={(value) => onSourceChange(value as DriverSource)}>
        <Group gap="xl" mt={6}>
          <Radio value="existing" label="A driver of your company" />
          <Radio value="new" label={typeInLabel} />
        </Group>
      </Radio.Group>

      {source === 'existing' ? (
        <DriverPicker
          label="Driver"
          required
          description={pickedDescription}
          picked={pick.picked}
          onPick={pick.pick}
          error={error ?? (pick.linkedDriverMissing ? 'The driver in the link is not one of your company’s drivers. Choose another.' : undefined)}
        />
      ) : (
        children
      )}
    </>
  );
}
