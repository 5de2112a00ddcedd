// An instant in a list cell: the reader's date and time, never wrapped, machine-readable.
import { dateTime } from './format.ts';

export function When({ value }: { value: string }) {
  return (
    <time dateTime={value} style={{ whiteSpace: 'nowrap' }}>
      {dateTime.format(new Date(value))}
    </time>
  );
}
