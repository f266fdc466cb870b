import { LANGUAGES } from '@mathclub/shared';
import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';

/** en / uk switch; i18next caches the choice in localStorage and a cookie. */
export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const value = i18n.resolvedLanguage === 'en' ? 'en' : 'uk';
  const options = LANGUAGES.map((lng) => ({ value: lng, label: t(`languages.${lng}`) }));
  return (
    <div className="language-selector">
      <label htmlFor="language-select" className="visually-hidden">
        {t('nav.language')}
      </label>
      <i className="pi pi-globe language-selector__icon" aria-hidden="true" />
      <Dropdown
        inputId="language-select"
        value={value}
        options={options}
        onChange={(e) => void i18n.changeLanguage(e.value as string)}
        className="language-selector__dropdown"
        panelClassName="language-selector__panel"
        aria-label={t('nav.language')}
      />
    </div>
  );
}
