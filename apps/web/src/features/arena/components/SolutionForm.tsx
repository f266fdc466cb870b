import { DRAFT_DEBOUNCE_MS, type Solution, type Task } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../components/ImageUpload';
import { MathText } from '../../../components/MathText';
import { ApiRequestError } from '../../../lib/api-client';
import { preloadable } from '../../../lib/preloadable';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSubmitSolution } from '../api/submit-solution';
import { Loading } from './Loading';
import { PartFailed } from './PartFailed';

/** The formula editor (MathLive): its code is fetched only when a student opens it. */
const LazyFormulaEditor = preloadable(() => import('./FormulaEditor').then((m) => m.FormulaEditor));

/** The answer with a formula added at its end, as Markdown math (which the checker reads too). */
export function withFormula(answer: string, latex: string): string {
  const formula = `$${latex}$`;
  return answer.trim() === '' ? formula : `${answer.trimEnd()} ${formula}`;
}

/** The answer with a formula added at its end as typed text (a keyed task's checker reads it as it is). */
export function withPlainFormula(answer: string, typed: string): string {
  return answer.trim() === '' ? typed : `${answer.trimEnd()} ${typed}`;
}

/** Sending needs trimmed text or a file (SEED.md §5). */
export function canSend(answer: string, file: File | null): boolean {
  return answer.trim() !== '' || file !== null;
}

interface Props {
  task: Task;
  /** The solution as the server stored it: in auto mode it already carries the verdict. */
  onSent: (solution: Solution | undefined) => void;
  onCancel: () => void;
}

/** The 'suggest solution' form: 5-row answer, a photo or image, Send with upload progress. */
export function SolutionForm({ task, onSent, onCancel }: Props) {
  const { t } = useTranslation();
  const submit = useSubmitSolution();
  const [answer, setAnswer] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const sending = submit.isPending;
  const answerId = `solution-${task.id}-answer`;
  const preview = useDebouncedValue(answer, DRAFT_DEBOUNCE_MS);
  const [formulaOpen, setFormulaOpen] = useState(false);
  const formula = LazyFormulaEditor.useComponent(formulaOpen);
  // A key the checker reads as typed (number, expression, set): formulas go in as plain typing (issue 49).
  const readsPlain = task.answerKind === 'number' || task.answerKind === 'expression' || task.answerKind === 'set';

  function send(event: FormEvent) {
    event.preventDefault();
    if (!canSend(answer, file) || sending) return;
    setErrorKey(null);
    setImageError(undefined);
    setProgress(0);
    submit.mutate(
      { taskId: task.id, answer: answer.trim(), image: file, onProgress: setProgress },
      {
        onSuccess: (created) => {
          setAnswer('');
          setFile(null);
          onSent(created);
        },
        onError: (error) => {
          console.error('Failed to send answer', error);
          if (error instanceof ApiRequestError && error.code === 'SOLUTION_EXISTS') {
            setErrorKey('solutions.error.exists');
            return;
          }
          if (error instanceof ApiRequestError && error.validationErrors.solutionImage) setImageError(error.validationErrors.solutionImage);
          setErrorKey('arena.solve.sendFailed');
        },
      },
    );
  }

  return (
    <form className="solution-form" onSubmit={send} noValidate aria-busy={sending} aria-label={t('arena.solve.formLabel', { title: task.title })}>
      <div className="field">
        <label htmlFor={answerId}>{t('arena.solve.answer')}</label>
        <InputTextarea
          id={answerId}
          rows={5}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          disabled={sending}
          aria-describedby={`${answerId}-hint`}
          autoFocus
        />
        <small id={`${answerId}-hint`} className="field-hint">
          {t('arena.solve.answerHint')}
        </small>
        <Button
          type="button"
          className="solution-form__formula-toggle"
          label={formulaOpen ? t('arena.solve.formulaClose') : t('arena.solve.formulaOpen')}
          icon="pi pi-calculator"
          severity="secondary"
          outlined
          size="small"
          aria-expanded={formulaOpen}
          onPointerEnter={() => void LazyFormulaEditor.preload().catch(() => null)}
          onClick={() => setFormulaOpen((open) => !open)}
          disabled={sending}
        />
        {formulaOpen ? (
          formula.Component ? (
            <formula.Component
              plain={readsPlain}
              onInsert={(inserted) => setAnswer((current) => (readsPlain ? withPlainFormula(current, inserted) : withFormula(current, inserted)))}
            />
          ) : formula.failed ? (
            <PartFailed onRetry={formula.retry} />
          ) : (
            <Loading />
          )
        ) : null}
        {preview.includes('$') && answer.trim() ? (
          <section className="solution-form__preview" aria-label={t('arena.solve.preview')}>
            <span className="solution-form__preview-label">{t('arena.solve.preview')}</span>
            <MathText>{preview}</MathText>
          </section>
        ) : null}
      </div>
      <div className="field">
        <span className="field__label">{t('arena.solve.image')}</span>
        <ImageUpload id={`solution-${task.id}-image`} file={file} onChange={setFile} disabled={sending} errorKey={imageError} />
      </div>
      {sending ? (
        <div className="solution-form__progress" role="status">
          <span className="field-hint">{t('arena.solve.sending')}</span>
          <ProgressBar value={progress} showValue={false} style={{ height: '0.5rem' }} aria-label={t('arena.solve.progress')} />
        </div>
      ) : null}
      <div role="alert" className="form__alert">
        {errorKey ? <Message severity="error" text={t(errorKey)} className="form__message" /> : null}
      </div>
      <div className="solution-form__actions">
        <Button type="button" label={t('common.cancel')} severity="secondary" text onClick={onCancel} disabled={sending} />
        <Button type="submit" label={t('arena.solve.send')} icon="pi pi-send" loading={sending} disabled={!canSend(answer, file) || sending} />
      </div>
    </form>
  );
}
