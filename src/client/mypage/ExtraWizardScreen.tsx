import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { isLoggedInAtom } from '../state/session-atoms';
import { BackIcon } from '../ui/icons';
import { LoginRequiredModal } from '../ui/LoginRequiredModal';
import { COMMON_TEXTS } from '../ui/texts';
import { StepProgress } from '../ui/StepProgress';
import { LIST_STEPS, STEP_COUNT, WIZARD_TEXTS as T } from './extra-steps';
import { MbtiStep } from './MbtiStep';
import { OptionStep } from './OptionStep';
import { useExtraWizard } from './use-extra-wizard';
import './wizard.css';

export default function ExtraWizardScreen() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const [, navigate] = useLocation();
  const [needsLogin, setNeedsLogin] = useState(false);
  const loginNeeded = useCallback(() => setNeedsLogin(true), []);
  const wizard = useExtraWizard(loggedIn, loginNeeded);
  const { step, choice } = wizard;
  const listStep = LIST_STEPS[step];

  return (
    <section className="screen wizard">
      {/* Not ScreenPage's back button: here back means the previous step first (spec §2). */}
      <div className="screen__bar">
        <button type="button" className="icon-button" aria-label={COMMON_TEXTS.back} onClick={wizard.back}>
          <BackIcon />
        </button>
        <h1 className="screen__title">{T.title}</h1>
      </div>
      <div className="wizard__progress">
        <StepProgress
          className="wizard__track"
          label={T.progress}
          step={step + 1}
          count={STEP_COUNT}
          valueText={`${step + 1} / ${STEP_COUNT}`}
        />
        <span className="wizard__count" aria-hidden="true">
          {step + 1} / {STEP_COUNT}
        </span>
      </div>
      {wizard.loaded === 'loading' && loggedIn ? (
        <p className="status-text">{COMMON_TEXTS.loading}</p>
      ) : listStep ? (
        <OptionStep
          key={listStep.field}
          heading={listStep.heading}
          options={listStep.options}
          selected={choice[listStep.field]}
          onChoose={(value) => wizard.choose(listStep.field, value)}
        />
      ) : (
        <MbtiStep mbti={choice.mbti} onChoose={wizard.chooseMbti} saveState={wizard.saveState} onRetry={wizard.retry} />
      )}
      {(needsLogin || !loggedIn) && <LoginRequiredModal onClose={() => navigate('/', { replace: true })} />}
    </section>
  );
}
