import { App } from 'antd';
import { useEffect } from 'react';
import { registerFeedback } from './feedback';

/** Mounted inside <App>: hands the themed message/modal API to code outside React. */
export function FeedbackBridge() {
  const instance = App.useApp();
  useEffect(() => {
    registerFeedback(instance);
    return () => registerFeedback(null);
  }, [instance]);
  return null;
}
