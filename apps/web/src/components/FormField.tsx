import type { ReactNode } from 'react';
import { errorProps, FieldError } from './FieldError';

/** What a control inside a FormField spreads onto itself: PrimeReact's `invalid` plus the aria links. */
export interface FieldControlProps {
  invalid: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FormFieldProps {
  /** The control's id (`id` on InputText, `inputId` on PrimeReact's composite inputs). */
  id: string;
  label: ReactNode;
  /** i18n key of the current error, if any. */
  error?: string;
  /** Shown under the control while there is no error. */
  hint?: ReactNode;
  /** Renders the control with the props that tie it to its label, error and hint. */
  children: (control: FieldControlProps) => ReactNode;
  /** More classes beside `field` (e.g. a field inside an inline form). */
  className?: string;
}

/**
 * One labelled form control with its error (or hint) beneath it. Every form repeats this shape;
 * keeping it here keeps the label, the message and the screen-reader wiring from drifting apart.
 */
export function FormField({ id, label, error, hint, children, className }: FormFieldProps) {
  const aria = error ? errorProps(id, error) : hint ? { 'aria-describedby': `${id}-hint` } : {};
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({ invalid: Boolean(error), ...aria })}
      {error ? (
        <FieldError fieldId={id} messageKey={error} />
      ) : hint ? (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}
