import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { KEY_ROWS } from './queue-keys';

/** The keys overlay (`?`): a modal dialog listing what each key does. */
export function KeysDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t, i18n } = useTranslation();
  const ukrainian = i18n.language === 'uk';
  return (
    <Dialog header={t('reviewQueue.keys.title')} visible={visible} onHide={onHide} className="review-queue__keys" modal dismissableMask closeIcon="pi pi-times" blockScroll data-testid="queue-keys">
      <p className="review-queue__keys-intro">{t('reviewQueue.keys.intro')}</p>
      <table className="review-queue__keys-table">
        <thead>
          <tr>
            <th scope="col">{t('reviewQueue.keys.key')}</th>
            <th scope="col">{t('reviewQueue.keys.action')}</th>
          </tr>
        </thead>
        <tbody>
          {KEY_ROWS.map((row) => (
            <tr key={row.what}>
              <td>
                {row.keys.map((k, i) => (k === '…' ? <span key={i}> … </span> : <kbd key={i}>{k}</kbd>))}
                {ukrainian && row.uk ? <span className="review-queue__keys-uk"> ({row.uk})</span> : null}
              </td>
              <td>{t(`reviewQueue.keys.${row.what}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
