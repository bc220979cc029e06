import { useId } from 'react';
import { FieldError, fieldAria } from './FormError';
import './field.css';

interface Props {
  label: string;
  /** The label's look (the box and its text side by side), the screen's own. */
  className: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  name?: string;
  /** What must be done, shown under the box (e.g. 개인정보 처리방침에 동의해 주세요.) until it is ticked. */
  error?: string;
  /** The id of a text the box agrees to, read as its description. */
  describedBy?: string;
}

export function CheckboxField({ label, className, checked, onChecked, name, error, describedBy }: Props) {
  const errorId = useId();
  return (
    <>
      <label className={className}>
        <input type="checkbox" name={name} checked={checked} onChange={(e) => onChecked(e.target.checked)} {...fieldAria(errorId, error, describedBy)} />
        <span>{label}</span>
      </label>
      <FieldError id={errorId} error={error} />
    </>
  );
}
