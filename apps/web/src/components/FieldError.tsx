import { useTranslation } from 'react-i18next';

/** The message under a refused field; `messageKey` is an i18n key from a schema or the server. */
export function FieldError({ fieldId, messageKey }: { fieldId: string; messageKey: string | undefined }) {
  const { t } = useTranslation();
  if (!messageKey) return null;
  return (
    <small id={`${fieldId}-error`} className="field-error">
      {t(messageKey, { defaultValue: t('common.error.invalidValue') })}
    </small>
  );
}

/** aria props tying a field to its error text. */
export function errorProps(fieldId: string, messageKey: string | undefined) {
  return messageKey ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId}-error` } : {};
}
