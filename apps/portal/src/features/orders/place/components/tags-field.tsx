// Tags to put on the order, with the company's offered tags as suggestions; a new name is added to
// the company's tags when the order is placed.
import { TagsInput, type TagsInputProps } from '@mantine/core';
import { useOfferedTags } from '../api/get-order-tags.ts';
import { MAX_ORDER_TAGS } from '../forms/shared.ts';

export function TagsField(props: Pick<TagsInputProps, 'value' | 'onChange' | 'error' | 'onBlur' | 'onFocus'>) {
  const offered = useOfferedTags();
  return (
    <TagsInput
      label="Tags"
      description={`Optional, up to ${MAX_ORDER_TAGS}; press Enter after each.`}
      placeholder="e.g. onboarding"
      data={(offered.data ?? []).map((tag) => tag.name)}
      maxTags={MAX_ORDER_TAGS}
      maxLength={40}
      clearable
      splitChars={[',']}
      {...props}
    />
  );
}
