// An instant in a list cell: the reader's date and time, machine-readable, unwrapped unless asked.
import { dateTime } from './format.ts';

/** `wrap`: may break between date and time (a phone's narrow cell). */
export function When({ value, wrap = false }: { value: string; wrap?: boolean }) {
  return (
    <time dateTime={value} style={wrap ? undefined : { whiteSpace: 'nowrap' }}>
      {dateTime.format(new Date(value))}
    </time>
  );
}
