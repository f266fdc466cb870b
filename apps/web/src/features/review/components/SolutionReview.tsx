import type { Solution } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useReviewSolution } from '../api/review-solution';
import { ReviewAnswer } from './ReviewAnswer';
import { canSave, reviewIcon, savedVerdict, type ReviewIcon, type Verdict } from './review-state';

const ICONS: Record<ReviewIcon, string> = {
  none: 'pi pi-circle',
  unreviewed: 'pi pi-clock',
  reviewed: 'pi pi-verified',
  changed: 'pi pi-pencil',
};

/** One solution on the review page: answer, image ≤ 200 px, verdict, feedback, Save. */
export function SolutionReview({ solution, onSaved, onFailed }: { solution: Solution; onSaved?: (id: number) => void; onFailed: () => void }) {
  const { t } = useTranslation();
  const review = useReviewSolution();
  // What the server holds: from the list, then from each successful save (the list is not reloaded).
  const [stored, setStored] = useState({ verdict: savedVerdict(solution), feedback: solution.feedback });
  const saved = stored.verdict;
  const [choice, setChoice] = useState<Verdict | null>(saved);
  const [feedback, setFeedback] = useState(solution.feedback ?? '');
  const [missingVerdict, setMissingVerdict] = useState(false);
  const icon = reviewIcon(choice, saved, feedback, stored.feedback);
  const saveable = canSave(choice, saved, feedback, stored.feedback);
  const base = `solution-${solution.id}`;

  const options = [
    { value: 'correct', label: t('review.correct'), icon: 'pi pi-check' },
    { value: 'incorrect', label: t('review.incorrect'), icon: 'pi pi-times' },
  ];

  function choose(next: Verdict | null) {
    setChoice(next);
    if (next) setMissingVerdict(false);
  }

  function save() {
    if (choice === null) {
      setMissingVerdict(true);
      return;
    }
    if (!saveable || review.isPending) return;
    const text = feedback.trim();
    const verdict = choice;
    review.mutate(
      { id: solution.id, correct: verdict === 'correct', reviewed: true, feedback: text === '' ? null : text },
      {
        onSuccess: () => {
          setStored({ verdict, feedback: text === '' ? null : text });
          onSaved?.(solution.id);
        },
        onError: onFailed,
      },
    );
  }

  // Within a focused solution: C = correct, I = incorrect, Ctrl/⌘+Enter = save.
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    const typing = target.tagName === 'TEXTAREA' || target.tagName === 'INPUT';
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save();
      return;
    }
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 'c' || key === 'к') {
      event.preventDefault();
      choose('correct');
    } else if (key === 'i' || key === 'ш') {
      event.preventDefault();
      choose('incorrect');
    }
  }

  return (
    <article className={`solution-review solution-review--${icon}`} aria-labelledby={`${base}-author`} onKeyDown={onKeyDown} data-testid="solution-review">
      <div className="solution-review__header">
        <i className={`${ICONS[icon]} solution-review__icon solution-review__icon--${icon}`} role="img" aria-label={t(`review.icon.${icon}`)} title={t(`review.icon.${icon}`)} data-icon={icon} />
        <h4 id={`${base}-author`} className="solution-review__author">
          {solution.author.name}
        </h4>
        <time dateTime={solution.createdAt} className="solution-review__date">
          {formatDate(solution.createdAt)}
        </time>
      </div>
      {solution.answer ? <ReviewAnswer answer={solution.answer} /> : <p className="field-hint">{t('review.noText')}</p>}
      {solution.imageSecureUrl ? (
        <a href={solution.imageSecureUrl} target="_blank" rel="noopener noreferrer" className="solution-review__image-link" title={t('review.openImage')}>
          <img src={solution.imageSecureUrl} alt={t('review.imageAlt', { name: solution.author.name })} className="solution-review__image" loading="lazy" />
        </a>
      ) : null}
      <div className="solution-review__controls">
        <div className="solution-review__verdict" role="group" aria-label={t('review.verdict')}>
          <SelectButton
            className="solution-review__verdict-buttons"
            value={choice}
            options={options}
            onChange={(e) => choose((e.value as Verdict | null) ?? null)}
            itemTemplate={(o: { label: string; icon: string }) => (
              <>
                <i className={o.icon} aria-hidden="true" />
                <span>{o.label}</span>
              </>
            )}
            disabled={review.isPending}
          />
        </div>
        <div className="field solution-review__feedback">
          <label htmlFor={`${base}-feedback`}>{t('review.feedback')}</label>
          <InputTextarea id={`${base}-feedback`} rows={2} autoResize value={feedback} onChange={(e) => setFeedback(e.target.value)} disabled={review.isPending} />
        </div>
        <Button
          type="button"
          label={t('review.save')}
          icon="pi pi-save"
          onClick={save}
          disabled={!saveable}
          loading={review.isPending}
          aria-label={`${t('review.save')}: ${solution.author.name}`}
        />
      </div>
      <div role="alert" className="form__alert">
        {missingVerdict ? <Message severity="warn" text={t('review.error.verdictRequired')} className="form__message" /> : null}
      </div>
    </article>
  );
}
