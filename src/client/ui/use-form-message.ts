import { useState } from 'react';

/**
 * A form message shown twice on purpose: window.alert as the spec describes, and an inline role="alert" area
 * that stays on screen (and is announced) after the alert is dismissed.
 */
export function useFormMessage() {
  const [message, setMessage] = useState('');
  const show = (text: string) => {
    setMessage(text);
    window.alert(text);
  };
  return { message, show, clear: () => setMessage('') };
}
