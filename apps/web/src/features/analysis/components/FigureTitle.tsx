import { Flex } from 'antd';
import type { TFigureMethod } from '@hxk/contracts/analysis';
import type { FigureKey } from '../../../components/analysis/figures.ts';
import { MethodHint } from '../../../components/analysis/MethodHint.tsx';

/** A card or statistic title with its "?" (method and confidence). */
export function FigureTitle({ title, figure, methods }: { title: string; figure: FigureKey; methods: Record<string, TFigureMethod> }) {
  return (
    <Flex align="center" gap={2} wrap>
      <span>{title}</span>
      <MethodHint methods={methods} figure={figure} />
    </Flex>
  );
}
