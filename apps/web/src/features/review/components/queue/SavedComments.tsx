import type { FeedbackSnippet } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../../../components/MathText';

interface Props {
  snippets: readonly FeedbackSnippet[];
  /** Puts comment `index` (0-based) into the feedback box. */
  onInsert: (index: number) => void;
  onDelete: (snippet: FeedbackSnippet, n: number) => void;
  /** Saves the feedback box's text as a new comment; disabled while the box is empty. */
  onSave: () => void;
  canSave: boolean;
  saving: boolean;
}

/** The teacher's saved comments beside the feedback box: 1–9 by key, each rendered with its math. */
export function SavedComments({ snippets, onInsert, onDelete, onSave, canSave, saving }: Props) {
  const { t } = useTranslation();
  return (
    <section className="queue-snippets" aria-labelledby="queue-snippets-title">
      <div className="queue-snippets__head">
        <h3 id="queue-snippets-title" className="queue-snippets__title">
          {t('reviewQueue.snippets.title')}
        </h3>
        <Button type="button" size="small" outlined icon="pi pi-bookmark" label={t('reviewQueue.snippets.save')} onClick={onSave} disabled={!canSave} loading={saving} data-testid="snippet-save" />
      </div>
      {snippets.length === 0 ? (
        <p className="field-hint">{t('reviewQueue.snippets.empty')}</p>
      ) : (
        <ol className="queue-snippets__list">
          {snippets.map((snippet, i) => {
            const n = i + 1;
            return (
              <li key={snippet.id} className="queue-snippets__item" data-testid="snippet">
                <button type="button" className="queue-snippets__insert" onClick={() => onInsert(i)} aria-label={t('reviewQueue.snippets.insert', { n })} title={t('reviewQueue.snippets.insert', { n })}>
                  {n <= 9 ? <kbd>{n}</kbd> : <span className="queue-snippets__plus">+</span>}
                </button>
                <div className="queue-snippets__body">
                  <MathText className="queue-snippets__text">{snippet.text}</MathText>
                  <span className="queue-snippets__uses">{t('reviewQueue.snippets.uses', { count: snippet.uses })}</span>
                </div>
                <Button type="button" text rounded size="small" severity="secondary" icon="pi pi-trash" aria-label={t('reviewQueue.snippets.delete', { n })} title={t('reviewQueue.snippets.delete', { n })} onClick={() => onDelete(snippet, n)} />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
