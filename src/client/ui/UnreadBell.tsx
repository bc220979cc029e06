import { useUnreadCount } from '../api/notices';
import { BellButton } from './BellButton';

/** The bell with my unread count: loaded apart from the entry, since it brings SWR and guests never need it. */
export default function UnreadBell() {
  return <BellButton unread={useUnreadCount()} />;
}
