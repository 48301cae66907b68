import type { TQuestionBody } from '@hxk/contracts/catalog';
import { OPTION_TYPES } from '@hxk/contracts/question-rules';

/** Required texts still empty (the contract refuses them; checkQuestion leaves them to the form). */
export function questionBlanks(q: TQuestionBody): ('title' | 'options' | 'ranges' | 'elements')[] {
  const out: ('title' | 'options' | 'ranges' | 'elements')[] = [];
  if (!q.title.trim()) out.push('title');
  if (OPTION_TYPES.includes(q.type) && q.options.some((o) => !o.content.trim())) out.push('options');
  if (q.type === 'score' && q.ranges.some((r) => !r.standard.trim())) out.push('ranges');
  if (q.type === 'combo2' && q.elements.some((e) => !e.name.trim())) out.push('elements');
  return out;
}
