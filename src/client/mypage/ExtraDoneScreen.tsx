import { Redirect, useLocation } from 'wouter';
import { useArrivedThroughFlow } from '../lib/flow-done';
import { CheckIcon } from '../ui/icons';
import { COMMON_TEXTS } from '../ui/texts';
import { WIZARD_TEXTS as T } from './extra-steps';
import './wizard.css';

export default function ExtraDoneScreen() {
  const [, navigate] = useLocation();
  const arrived = useArrivedThroughFlow('/mypage/extra/done');
  if (!arrived) return <Redirect to="/" replace />;
  return (
    <section className="screen wizard-done">
      <span className="wizard-done__check" aria-hidden="true">
        <CheckIcon width={40} height={40} strokeWidth={2.4} />
      </span>
      <h1 className="wizard-done__title">{T.done}</h1>
      <p className="wizard-done__hint">{T.doneHint}</p>
      <button type="button" className="button" onClick={() => navigate('/mypage', { replace: true })}>
        {COMMON_TEXTS.confirm}
      </button>
    </section>
  );
}
