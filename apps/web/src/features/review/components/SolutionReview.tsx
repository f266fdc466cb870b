import '../../../components/photo/photo-texts';
import type { Annotation, Solution } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useReviewSolution } from '../api/review-solution';
import { ReviewPhoto } from './annotate/ReviewPhoto';
import { ReviewAnswer } from './ReviewAnswer';
import { canSave, reviewIcon, savedVerdict, type ReviewIcon, type Verdict } from './review-state';

const ICONS: Record<ReviewIcon, string> = {
  none: 'pi pi-circle',
  unreviewed: 'pi pi-clock',
  reviewed: 'pi pi-verified',
  changed: 'pi pi-pencil',
};

interface Props {
  solution: Solution;
  /** The task's title, for the photo's alt text. */
  taskTitle?: string;
  /** The checker's verdict to pre-select (suggest mode, PRODUCT.md §9); Enter confirms it. */
  suggestion?: Verdict | null;
  onSaved?: (id: number) => void;
  onFailed: () => void;
}

/** Elements whose own Enter means something else (a button press, a new line, an option chosen). */
const OWN_ENTER = 'textarea, input, button, a, select, [role="button"], [role="radio"], [role="option"], [role="checkbox"]';

/** One solution on the review page: answer, image ≤ 200 px, verdict, feedback, Save. */
export function SolutionReview({ solution, taskTitle = '', suggestion = null, onSaved, onFailed }: Props) {
  const { t } = useTranslation();
  const review = useReviewSolution();
  // What the server holds: from the list, then from each successful save (the list is not reloaded).
  const [stored, setStored] = useState({ verdict: savedVerdict(solution), feedback: solution.feedback });
  const saved = stored.verdict;
  // A suggestion is pre-selected; the teacher confirms it (Enter or Save) or chooses otherwise.
  const [choice, setChoice] = useState<Verdict | null>(saved ?? suggestion);
  const suggested = suggestion !== null && saved === null && choice === suggestion;
  const [feedback, setFeedback] = useState(solution.feedback ?? '');
  const [missingVerdict, setMissingVerdict] = useState(false);
  // Marks on the photo (PRODUCT.md §14): saved with the verdict; a change makes it saveable.
  const [storedMarks, setStoredMarks] = useState<readonly Annotation[]>(solution.annotations ?? []);
  const [marks, setMarks] = useState<readonly Annotation[]>(storedMarks);
  const marksChanged = marks !== storedMarks;
  const icon = marksChanged && choice !== null ? 'changed' : reviewIcon(choice, saved, feedback, stored.feedback);
  const saveable = canSave(choice, saved, feedback, stored.feedback) || (choice !== null && marksChanged);
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
      { id: solution.id, correct: verdict === 'correct', reviewed: true, feedback: text === '' ? null : text, ...(marksChanged ? { annotations: [...marks] } : {}) },
      {
        onSuccess: () => {
          setStored({ verdict, feedback: text === '' ? null : text });
          setStoredMarks(marks);
          onSaved?.(solution.id);
        },
        onError: onFailed,
      },
    );
  }

  // Within a focused solution: C = correct, I = incorrect (by place), Ctrl/⌘+Enter = save.
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    const typing = target.tagName === 'TEXTAREA' || target.tagName === 'INPUT';
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save();
      return;
    }
    // One key confirms the checker's suggestion, when the solution itself has the focus.
    if (event.key === 'Enter' && !event.shiftKey && !event.altKey && suggested && !target.closest(OWN_ENTER)) {
      event.preventDefault();
      save();
      return;
    }
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
    // By the key's place (event.code), so a Ukrainian layout (where C types "с") works the same (issue 25).
    if (event.shiftKey) return;
    if (event.code === 'KeyC') {
      event.preventDefault();
      choose('correct');
    } else if (event.code === 'KeyI') {
      event.preventDefault();
      choose('incorrect');
    }
  }

  return (
    <article
      className={`solution-review solution-review--${icon}${icon === 'reviewed' && saved === 'incorrect' ? ' solution-review--incorrect' : ''}`}
      aria-labelledby={`${base}-author`}
      aria-describedby={suggested ? `${base}-suggested` : undefined}
      onKeyDown={onKeyDown}
      // A solution with a suggestion takes the focus itself, so Enter can confirm it.
      tabIndex={suggestion !== null && saved === null ? 0 : undefined}
      data-testid="solution-review"
      data-suggested={suggested ? suggestion : undefined}
    >
      <div className="solution-review__header">
        <i className={`${ICONS[icon]} solution-review__icon solution-review__icon--${icon}`} role="img" aria-label={t(`review.icon.${icon}`)} title={t(`review.icon.${icon}`)} data-icon={icon} />
        {icon === 'reviewed' && saved !== null ? (
          // The saved verdict in a word, an icon and a colour together: a teacher scanning 30 answers
          // tells correct from incorrect at a glance, and not by colour alone (issue 26).
          <span className={`solution-review__verdict-tag solution-review__verdict-tag--${saved}`} data-verdict={saved}>
            <i className={saved === 'correct' ? 'pi pi-check' : 'pi pi-times'} aria-hidden="true" /> {t(`review.${saved}`)}
          </span>
        ) : null}
        <h4 id={`${base}-author`} className="solution-review__author">
          {solution.author.name}
        </h4>
        <time dateTime={solution.createdAt} className="solution-review__date">
          {formatDate(solution.createdAt)}
        </time>
        {suggested ? (
          <span id={`${base}-suggested`} className="solution-review__suggested" title={t('review.suggested')}>
            <i className="pi pi-bolt" aria-hidden="true" /> {t('review.suggested')}: {t(`review.${suggestion}`)}
          </span>
        ) : solution.judgedBy === 'checker' && choice === saved ? (
          <span className="solution-review__checker">
            <i className="pi pi-bolt" aria-hidden="true" /> {t('review.checkerJudged')}
          </span>
        ) : null}
      </div>
      {solution.answer ? <ReviewAnswer answer={solution.answer} /> : <p className="field-hint">{t('review.noText')}</p>}
      {solution.imageSecureUrl ? (
        <ReviewPhoto
          src={solution.imageSecureUrl}
          alt={t('photo.alt', { name: solution.author.name, task: taskTitle })}
          marks={marks}
          onChange={setMarks}
          disabled={review.isPending}
        />
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
