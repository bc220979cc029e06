import { useOutage } from '../lib/use-outage';
import { OFFLINE_TEXTS, SERVER_DOWN_TEXTS } from './texts';

/**
 * On every screen, above its content (issue 30 §7): the phone is offline, or the server does not answer. It never
 * waits inside a screen's own parts (the map's sheet, collapsed, hid its error under the filters). Lists come back
 * by themselves (state/ServerRecovery.tsx), so it offers no button.
 */
export function OutageBanner() {
  const outage = useOutage();
  if (!outage) return null;
  return (
    <p className={`outage-banner outage-banner--${outage}`} role="status">
      {outage === 'offline' ? OFFLINE_TEXTS.banner : SERVER_DOWN_TEXTS.banner}
    </p>
  );
}
