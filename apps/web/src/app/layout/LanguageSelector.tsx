import { LANGUAGES } from '@mathclub/shared/constants';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';

/** en / uk switch; i18next caches the choice in localStorage and a cookie. A native select: the shell loads no UI library. */
export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const value = i18n.resolvedLanguage === 'en' ? 'en' : 'uk';
  return (
    <div className="language-selector">
      <label htmlFor="language-select" className="visually-hidden">
        {t('nav.language')}
      </label>
      <Icon name="globe" className="language-selector__icon" />
      <select id="language-select" className="language-selector__select" value={value} onChange={(e) => void i18n.changeLanguage(e.target.value)}>
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`languages.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
