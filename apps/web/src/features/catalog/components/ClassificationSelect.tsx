import { Select, type SelectProps } from 'antd';
import type { TClassificationKind } from '@hxk/contracts/catalog';
import { useClassificationDict } from '../../../lib/reference/get-classification-dict.ts';

/** A classification picker fed by the dictionary of its kind. */
export function ClassificationSelect({ kind, ...rest }: { kind: TClassificationKind } & Omit<SelectProps<string>, 'options' | 'loading'>) {
  const dict = useClassificationDict(kind);
  return (
    <Select<string>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={dict.isLoading}
      options={dict.data?.map((c) => ({ value: c.classificationId, label: c.name }))}
      {...rest}
    />
  );
}
