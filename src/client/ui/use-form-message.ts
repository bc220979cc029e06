import { useState } from 'react';
import { useAlert } from './use-alert';

/**
 * A form message shown twice on purpose: the alert the spec describes (our alert dialog, never window.alert), and
 * an inline role="alert" area that stays on screen (and is announced) after the alert is dismissed.
 */
export function useFormMessage() {
  const [message, setMessage] = useState('');
  const showAlert = useAlert();
  const show = (text: string) => {
    setMessage(text);
    void showAlert(text);
  };
  return { message, show, clear: () => setMessage('') };
}
