import { useId, useState } from 'react';
import { enablePush, mayAskForPush, rememberPushAsked } from '../lib/web-push';
import { PUSH_TEXTS as T } from './push-texts';
import './card.css';
import './push.css';

type State = 'ask' | 'busy' | 'enabled' | 'blocked' | 'failed' | 'gone';

/**
 * "알림을 받아볼까요?" after a first join and payment — the moment a push has something to say (a reminder, the
 * deposit coming back). Asked once: either answer is remembered, and a browser that already decided is not asked.
 */
export function PushPromptCard() {
  const titleId = useId();
  const [state, setState] = useState<State>(() => (mayAskForPush() ? 'ask' : 'gone'));
  if (state === 'gone') return null;

  const enable = async () => {
    setState('busy');
    rememberPushAsked('asked');
    try {
      setState((await enablePush()) === 'granted' ? 'enabled' : 'blocked');
    } catch (error) {
      console.warn('알림을 켜지 못했습니다.', error);
      setState('failed');
    }
  };
  const later = () => {
    rememberPushAsked('later');
    setState('gone');
  };

  const outcome = state === 'enabled' ? T.enabled : state === 'blocked' ? T.blocked : state === 'failed' ? T.failed : null;
  return (
    <section className="card push-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="push-card__title">
        {T.askTitle}
      </h2>
      {outcome ? (
        <p className="push-card__body" role="status">
          {outcome}
        </p>
      ) : (
        <>
          <p className="push-card__body">{T.askBody}</p>
          <div className="push-card__actions">
            <button type="button" className="button button--small" aria-disabled={state === 'busy'} onClick={() => state === 'ask' && void enable()}>
              {T.enable}
            </button>
            <button type="button" className="button button--small button--ghost" onClick={later}>
              {T.later}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
