import { useState } from 'react';
import type { z } from 'zod';
import type { opsPrivacyVersions } from '../../shared/privacy-contract';
import { formatDateTime } from '../lib/format-date';
import { MarkdownText } from '../ui/MarkdownText';
import { LoadState } from './LoadState';
import { PrivacyPolicyForm } from './PrivacyPolicyForm';
import { PRIVACY_POLICY_TEXTS as T } from './privacy-policy-texts';
import { useOpsData } from './use-ops-data';
import './privacy-policy.css';

type Versions = z.infer<typeof opsPrivacyVersions>;
type Version = Versions['versions'][number];

/** Today in campus time (Asia/Seoul), YYYY-MM-DD, whatever the operator's computer says. */
const seoulToday = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

function stateOf(v: Version, today: string) {
  if (v.in_effect) return T.inEffect;
  return v.effective_date > today ? T.upcoming : T.past;
}

/** /ops/privacy: the 개인정보 처리방침's versions (history is kept) and the editor that publishes the next one. */
export function PrivacyPolicyScreen() {
  const { data, error, mutate } = useOpsData<Versions>('/api/ops/privacy/');
  const [outcome, setOutcome] = useState('');
  const today = seoulToday();
  if (!data) return <LoadState error={error} retry={() => void mutate()} />;
  const current = data.versions.find((v) => v.in_effect);
  return (
    <>
      <h1 className="ops-page__title">{T.title}</h1>
      <p className="ops-privacy-current">{current ? T.current(current.version, current.effective_date) : T.noneInEffect}</p>
      {/* Keyed by the newest version: after a publish the editor starts again from the text just published. */}
      <PrivacyPolicyForm
        key={data.versions[0]?.version ?? 0}
        draft={data.versions[0]?.body ?? ''}
        today={today}
        onPublished={(v) => {
          // The newest version again, word for word and from the same day: the server published nothing (200).
          setOutcome(v.version === data.versions[0]?.version ? T.unchanged(v.version) : T.published(v.version, v.effective_date));
          return mutate();
        }}
      />
      {/* Outside the form, which starts afresh after a publish: the message stays and is announced. */}
      <p className="ops-privacy-form__outcome" role="status">
        {outcome}
      </p>
      <section className="ops-section" aria-labelledby="ops-privacy-history-title">
        <h2 id="ops-privacy-history-title" className="ops-section__title">
          {T.history}
        </h2>
        <ul className="plain-list ops-privacy-history">
          {data.versions.map((v) => (
            <li key={v.version} className="ops-privacy-history__item">
              <details>
                <summary>
                  <strong>
                    {T.version} {v.version}
                  </strong>{' '}
                  · {v.effective_date} · <span className="ops-privacy-history__state">{stateOf(v, today)}</span>
                  <span className="ops-muted">
                    {' '}
                    · {T.publishedBy} {v.published_by === 'system' ? T.system : v.published_by} · {T.publishedAt} {formatDateTime(v.created_at)}
                  </span>
                </summary>
                <MarkdownText text={v.body} className="ops-privacy-history__body" />
              </details>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
