import { ERRORS, formatMessage } from '@hxk/contracts/errors';
import { planActionRefusal, type TPlanAction } from '@hxk/contracts/workflow';
import { currentLanguage } from '../../../lib/i18n.ts';
import { today } from './plan-utils.ts';

type PlanState = { published: boolean; endDate: string };

/** Why an action is refused on a plan now, in the interface language; null when it is allowed. */
export function refusalMessage(plan: PlanState, action: TPlanAction): string | null {
  const key = planActionRefusal(plan, action, today());
  return key ? formatMessage(ERRORS[key][currentLanguage()]) : null;
}

/** Whether an action is offered at all: 'expired' is still shown (disabled, with the reason). */
export function offered(plan: PlanState, action: TPlanAction): boolean {
  const key = planActionRefusal(plan, action, today());
  return key === null || key === 'plan.expired';
}
