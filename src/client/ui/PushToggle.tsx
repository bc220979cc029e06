import { useEffect, useId, useState } from 'react';
import { currentPushSubscription, disablePush, enablePush, pushPermission, pushSupported } from '../lib/web-push';
import { PUSH_TEXTS as T } from './push-texts';
import './push.css';

/** My page's switch for pushes to this browser; absent where the browser cannot receive them. */
export function PushToggle() {
  const hintId = useId();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    currentPushSubscription()
      .then((s) => alive && setOn(s !== null))
      .catch(() => alive && setOn(false));
    return () => {
      alive = false;
    };
  }, []);

  if (!pushSupported()) return null;
  const blocked = pushPermission() === 'denied';

  const flip = async () => {
    if (busy || on === null || blocked) return;
    setBusy(true);
    setMessage(null);
    try {
      if (on) {
        await disablePush();
        setOn(false);
      } else {
        const permission = await enablePush();
        setOn(permission === 'granted');
        if (permission === 'denied') setMessage(T.blocked);
      }
    } catch (error) {
      console.warn('알림 설정을 바꾸지 못했습니다.', error);
      setMessage(T.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="push-toggle">
      <span className="push-toggle__label">
        <span id={`${hintId}-label`}>{T.toggle}</span>
        <span id={hintId} className="push-toggle__hint" role="status">
          {message ?? (blocked ? T.blocked : T.toggleHint)}
        </span>
      </span>
      <button
        type="button"
        role="switch"
        className="push-toggle__switch tap-area"
        aria-checked={on === true}
        aria-labelledby={`${hintId}-label`}
        aria-describedby={hintId}
        aria-disabled={busy || on === null || blocked}
        onClick={() => void flip()}
      />
    </div>
  );
}
