import { useEffect } from 'react';
import { message } from 'antd';
import { setToastApi } from '../lib/toast.ts';

/** antd's context-aware message API, handed to the API client for its toasts. */
export function Toasts() {
  const [api, holder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    setToastApi(api);
    return () => setToastApi(null);
  }, [api]);
  return holder;
}
