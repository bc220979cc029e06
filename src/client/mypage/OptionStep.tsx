import { useId } from 'react';

interface Props {
  heading: string;
  options: readonly string[];
  selected: string | null;
  onChoose: (value: string) => void;
}

/** One list step of the wizard: a grid of choices, the chosen one pressed. */
export function OptionStep({ heading, options, selected, onChoose }: Props) {
  const id = useId();
  return (
    <div className="wizard__step">
      <h2 id={id} className="wizard__heading">
        {heading}
      </h2>
      <div className="wizard__options" role="group" aria-labelledby={id}>
        {options.map((option) => (
          <button
            key={option}
            type="button"
            className="wizard__option"
            aria-pressed={option === selected}
            onClick={() => onChoose(option)}
          >
            {option}
          </button>
        ))}
      </div>
    </div>
  );
}
