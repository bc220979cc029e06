import { usePrivacyPolicy } from '../api/privacy-policy';
import { LoadFailed, useOffline } from '../ui/OfflineState';
import { MarkdownText } from '../ui/MarkdownText';
import { ScreenPage } from '../ui/ScreenPage';
import { COMMON_TEXTS } from '../ui/texts';
import { PRIVACY_TEXTS as T } from './privacy-texts';
import './privacy.css';

/** /privacy: the 개인정보 처리방침 in effect (개인정보 보호법 §30: published where anyone, a guest too, can read it). */
export default function PrivacyScreen() {
  const { data, error, mutate } = usePrivacyPolicy();
  const offline = useOffline(error);
  return (
    <ScreenPage title={T.title} back>
      {data ? (
        <article className="privacy">
          <p className="privacy__meta">{T.meta(data.version, data.effective_date)}</p>
          <MarkdownText text={data.body} />
        </article>
      ) : error ? (
        // Not reached at all: the phone's or the server's outage in their own words (never "check your internet"
        // while it works); answered with a failure: the screen's.
        <LoadFailed offline={offline} message={T.loadFailed} retry={() => void mutate()} />
      ) : (
        <p className="status-text">{COMMON_TEXTS.loading}</p>
      )}
    </ScreenPage>
  );
}
