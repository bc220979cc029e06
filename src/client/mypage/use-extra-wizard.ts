import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { WIZARD_ADVANCE_MS } from '../../shared/constants';
import { ApiError } from '../api/api-error';
import { type ExtraChoice, loadExtraSettings, saveExtraSettings } from '../api/extra-settings';
import { MYPAGE_MAIN_PATH } from '../api/read-paths';
import { useGoBack } from '../ui/use-go-back';
import { useAlert } from '../ui/use-alert';
import { EMPTY_CHOICE, type ListField, type MbtiAxis, mbtiComplete, STEP_COUNT, WIZARD_TEXTS as T, type WizardChoice } from './extra-steps';
import { flowDoneState } from '../lib/flow-done';
import { useBackLayer } from '../lib/use-back-layer';

const EXTRA_DONE_PATH = '/mypage/extra/done';

type Loaded = 'loading' | 'existing' | 'new';
type SaveState = 'idle' | 'saving' | 'failed';

/** Spec §4 "Extra wizard": steps 0-3, 100 ms advance, one automatic save at the last step, retry on failure. */
export function useExtraWizard(enabled: boolean, onLoginNeeded: () => void) {
  const [, navigate] = useLocation();
  const goBack = useGoBack('/mypage');
  const showAlert = useAlert();
  const { mutate } = useSWRConfig();
  const [loaded, setLoaded] = useState<Loaded>('loading');
  const [choice, setChoice] = useState<WizardChoice>(EMPTY_CHOICE);
  const [step, setStep] = useState(0);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const autoSaved = useRef(false);
  const saving = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    loadExtraSettings()
      .then((saved) => {
        if (!alive) return;
        if (saved) setChoice(saved);
        setLoaded(saved ? 'existing' : 'new');
      })
      .catch((error: unknown) => {
        if (!alive) return;
        if (error instanceof ApiError && error.status === 401) onLoginNeeded();
        // Could not tell: the wizard starts empty, and creating is safe because the server saves the whole set.
        console.warn('추가 정보를 불러오지 못했습니다.', error);
        setLoaded('new');
      });
    return () => {
      alive = false;
    };
  }, [enabled, onLoginNeeded]);

  const save = useCallback(
    async (values: WizardChoice) => {
      if (saving.current) return;
      saving.current = true;
      setSaveState('saving');
      try {
        await saveExtraSettings(values as ExtraChoice, loaded === 'existing');
        void mutate(MYPAGE_MAIN_PATH);
        navigate(EXTRA_DONE_PATH, { replace: true, state: flowDoneState(EXTRA_DONE_PATH) });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) onLoginNeeded();
        else void showAlert(T.failed);
        setSaveState('failed');
      } finally {
        saving.current = false;
      }
    },
    [loaded, mutate, navigate, onLoginNeeded, showAlert],
  );

  const last = STEP_COUNT - 1;
  useEffect(() => {
    if (step !== last || loaded === 'loading' || autoSaved.current || !mbtiComplete(choice.mbti)) return;
    autoSaved.current = true;
    void save(choice);
  }, [step, last, loaded, choice, save]);

  const choose = (field: ListField, value: string) => {
    setChoice((c) => ({ ...c, [field]: value }));
    clearTimeout(timer.current);
    // The pressed option is seen selected for a moment before the next step slides in.
    const from = step;
    timer.current = setTimeout(() => setStep(Math.min(from + 1, last)), WIZARD_ADVANCE_MS);
  };

  const chooseMbti = (axis: MbtiAxis, letter: string) => setChoice((c) => ({ ...c, mbti: { ...c.mbti, [axis]: letter } }));

  const back = () => {
    clearTimeout(timer.current);
    if (step > 0) setStep(step - 1);
    else goBack();
  };
  // Spec §2 "back goes to the previous step or leaves": past the first step, the browser's and Android's back is
  // the ‹ button too — one history entry while there is a step to go back to (lib/back-layers.ts).
  useBackLayer(step > 0, back);

  return { loaded, choice, step, saveState, choose, chooseMbti, back, retry: () => void save(choice) };
}
