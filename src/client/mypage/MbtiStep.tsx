import { MBTI_AXES, type MbtiParts } from '../../shared/extra-options';
import { type MbtiAxis, MBTI_ROWS, WIZARD_TEXTS as T } from './extra-steps';

interface Props {
  mbti: MbtiParts;
  onChoose: (axis: MbtiAxis, letter: string) => void;
  saveState: 'idle' | 'saving' | 'failed';
  onRetry: () => void;
}

export function MbtiStep({ mbti, onChoose, saveState, onRetry }: Props) {
  const saving = saveState === 'saving';
  return (
    <div className="wizard__step">
      <h2 className="wizard__heading">{T.mbtiStep}</h2>
      <p className="wizard__hint">{T.mbtiHint}</p>
      {MBTI_ROWS.map(({ axis, label, names }) => (
        <div key={axis} className="wizard__mbti-row" role="group" aria-label={`${label} (${MBTI_AXES[axis].join(' / ')})`}>
          {MBTI_AXES[axis].map((letter, i) => (
            <button
              key={letter}
              type="button"
              className="wizard__option wizard__option--mbti"
              aria-pressed={mbti[axis] === letter}
              disabled={saving}
              onClick={() => onChoose(axis, letter)}
            >
              <strong>{letter}</strong>
              <span>{names[i]}</span>
            </button>
          ))}
        </div>
      ))}
      {saving && (
        <p className="wizard__saving" role="status">
          {T.saving}
        </p>
      )}
      {saveState === 'failed' && (
        <button type="button" className="button wizard__retry" onClick={onRetry}>
          {T.retry}
        </button>
      )}
    </div>
  );
}
