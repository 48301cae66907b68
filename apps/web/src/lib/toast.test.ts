import { describe, expect, it } from 'vitest';
import type { MessageInstance } from 'antd/es/message/interface';
import { setToastApi, shouldShowError, subscribeToastsWanted, toastError, toastSuccess, toastsWanted } from './toast.ts';

describe('shouldShowError', () => {
  it('suppresses the same message within 2 s and shows it again after', () => {
    expect(shouldShowError('a', 1000, null)).toBe(true);
    expect(shouldShowError('a', 2500, { text: 'a', at: 1000 })).toBe(false);
    expect(shouldShowError('a', 3000, { text: 'a', at: 1000 })).toBe(true);
    expect(shouldShowError('b', 1100, { text: 'a', at: 1000 })).toBe(true);
  });
});

describe('toasts before the message API has loaded', () => {
  it('asks for the API once, keeps the toasts and shows them in order when it arrives', () => {
    const shown: string[] = [];
    let asked = 0;
    const unsubscribe = subscribeToastsWanted(() => asked++);
    expect(toastsWanted()).toBe(false);
    toastError('first');
    toastSuccess('second');
    expect([toastsWanted(), asked, shown]).toEqual([true, 1, []]);
    const api = { error: (text: string) => shown.push(`error ${text}`), success: (text: string) => shown.push(`success ${text}`) };
    setToastApi(api as unknown as MessageInstance);
    expect(shown).toEqual(['error first', 'success second']);
    toastError('third');
    expect(shown).toEqual(['error first', 'success second', 'error third']);
    expect(asked).toBe(1);
    unsubscribe();
  });
});
