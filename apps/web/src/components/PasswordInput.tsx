import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & { id: string; invalid?: boolean };

/** A password field with a show/hide button, like PrimeReact's Password with toggleMask (no strength meter). */
export function PasswordInput({ invalid = false, ...input }: Props) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <div className="password-input">
      <input {...input} type={shown ? 'text' : 'password'} className={invalid ? 'text-input text-input--invalid' : 'text-input'} />
      <button
        type="button"
        className="password-input__toggle"
        aria-label={t(shown ? 'common.hidePassword' : 'common.showPassword')}
        aria-controls={input.id}
        onClick={() => setShown((s) => !s)}
      >
        <Icon name={shown ? 'eye-slash' : 'eye'} />
      </button>
    </div>
  );
}
