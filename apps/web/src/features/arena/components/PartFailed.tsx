import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';

/** A part of the arena whose code could not be fetched (a lost connection): say so, offer a retry. */
export function PartFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="arena__part-failed p-inline-message p-component p-inline-message-error" role="alert">
      <Icon name="times-circle" className="p-inline-message-icon" />
      <span className="p-inline-message-text">{t('arena.partFailed')}</span>
      <button type="button" className="p-button p-component p-button-text p-button-sm" onClick={onRetry}>
        <span className="p-button-label p-c">{t('common.retry')}</span>
      </button>
    </div>
  );
}
