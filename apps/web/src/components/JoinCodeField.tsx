import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, normalizeJoinCode } from '@mathclub/shared';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { FieldError } from './FieldError';

export type JoinCodeState = 'empty' | 'short' | 'long' | 'bad' | 'ok';

/**
 * What can be told of a join code while it is typed, without asking the server (which keeps codes
 * to itself and counts the guesses): how many characters are missing, a character codes never
 * hold (look-alikes such as O, 0, I, 1 are left out of them), or that it looks right.
 */
export function checkJoinCode(text: string): { state: JoinCodeState; code: string; missing: number; bad?: string } {
  const code = normalizeJoinCode(text);
  const bad = [...code].find((c) => !JOIN_CODE_ALPHABET.includes(c));
  const missing = JOIN_CODE_LENGTH - code.length;
  const state: JoinCodeState = !code ? 'empty' : bad ? 'bad' : missing > 0 ? 'short' : missing < 0 ? 'long' : 'ok';
  return { state, code, missing, ...(bad ? { bad } : {}) };
}

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** i18n key of an error the server or the form gave (a code that opens no group). */
  error?: string;
  /** On sign-up the code is optional: the empty field says what it is for. */
  optional?: boolean;
  label?: string;
}

/** The join-code field of /join and sign-up (issue 49): checked as it is typed, the check read out politely. */
export function JoinCodeField({ id, value, onChange, error, optional = false, label }: Props) {
  const { t } = useTranslation();
  const check = checkJoinCode(value);
  const message =
    check.state === 'empty' ? t(optional ? 'joinCode.check.optional' : 'joinCode.check.empty', { length: JOIN_CODE_LENGTH })
    : check.state === 'short' ? t('joinCode.check.short', { count: check.missing })
    : check.state === 'long' ? t('joinCode.check.long', { length: JOIN_CODE_LENGTH })
    : check.state === 'bad' ? t('joinCode.check.bad', { char: check.bad })
    : t('joinCode.check.ok');
  const icon = check.state === 'ok' ? 'pi-check-circle' : check.state === 'bad' || check.state === 'long' ? 'pi-exclamation-triangle' : 'pi-info-circle';
  const hintId = `${id}-check`;
  return (
    <div className="field join-code-field">
      <label htmlFor={id}>{label ?? t('joinCode.codeLabel')}</label>
      <InputText
        id={id}
        name="joinCode"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
        className="join-code-field__input"
        invalid={Boolean(error) || check.state === 'bad' || check.state === 'long'}
        aria-invalid={error || check.state === 'bad' || check.state === 'long' ? true : undefined}
        aria-describedby={error ? `${id}-error ${hintId}` : hintId}
      />
      {error ? <FieldError fieldId={id} messageKey={error} /> : null}
      <small id={hintId} className={`field-hint join-code-field__check join-code-field__check--${check.state}`} aria-live="polite" data-testid="join-code-check" data-state={check.state}>
        <i className={`pi ${icon}`} aria-hidden="true" /> {message}
      </small>
    </div>
  );
}
