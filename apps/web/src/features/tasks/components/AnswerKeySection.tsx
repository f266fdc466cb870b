import './answer-key.css';
import { ANSWER_KINDS, CHECK_MODES, DRAFT_DEBOUNCE_MS, type AnswerKind, type CheckMode, type CheckVerdict } from '@mathclub/shared';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import { MathText } from '../../../components/MathText';
import { ApiRequestError } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAnswerKeyCheck } from '../api/check-answer-key';

/** The answer-key part of a task draft (PRODUCT.md §9). Tolerance is kept as typed. */
export interface AnswerKeyDraft {
  answerKind: AnswerKind;
  answerKey: string;
  tolerance: string;
  checkMode: CheckMode;
  /** The teacher's trial answer: never sent with the task. */
  tryAnswer: string;
}

interface Props {
  value: AnswerKeyDraft;
  onChange: (patch: Partial<AnswerKeyDraft>) => void;
  /** i18n keys of the fields' errors (from the form's check or the server). */
  errors: Record<string, string>;
  /** Starts unfolded (a draft that already has a key). */
  defaultOpen?: boolean;
}

const VERDICT_ICON: Record<CheckVerdict, string> = { correct: 'pi pi-check-circle', incorrect: 'pi pi-times-circle', unsure: 'pi pi-question-circle' };

/** The tolerance as the API takes it: a number, 0 when empty; NaN when it is not a number. */
export function toleranceValue(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? 0 : Number(trimmed);
}

/**
 * The task form's collapsible "Answer key" section: the kind, the key, a tolerance for numbers and
 * how answers are checked; beneath them the key as the server's checker reads it (KaTeX) and a
 * "try an answer" box with the verdict a student would get. Both come from the same checker that
 * judges real answers (POST /api/answer-keys/check), asked once the typing pauses.
 */
export function AnswerKeySection({ value, onChange, errors, defaultOpen = false }: Props) {
  const { t } = useTranslation();
  const hasKind = value.answerKind !== 'none';
  const typed = useDebouncedValue(
    { kind: value.answerKind, key: value.answerKey.trim(), tolerance: value.answerKind === 'number' ? toleranceValue(value.tolerance) : 0, answer: value.tryAnswer.trim() },
    DRAFT_DEBOUNCE_MS / 2,
  );
  const askable = typed.kind !== 'none' && typed.key !== '' && Number.isFinite(typed.tolerance) && typed.tolerance >= 0;
  const check = useAnswerKeyCheck(askable ? { answerKind: typed.kind as Exclude<AnswerKind, 'none'>, answerKey: typed.key, tolerance: typed.tolerance, answer: typed.answer } : null);
  const stale = typed.key !== value.answerKey.trim() || typed.answer !== value.tryAnswer.trim() || typed.kind !== value.answerKind;
  const keyError = errors.answerKey ?? (check.error instanceof ApiRequestError && !stale ? check.error.validationErrors.answerKey : undefined);
  const result = askable && !check.isError && !check.isPlaceholderData ? check.data : undefined;

  const kindOptions = ANSWER_KINDS.map((kind) => ({ value: kind, label: t(`teacher.tasks.answerKey.kinds.${kind}`) }));
  const modeOptions = CHECK_MODES.map((mode) => ({ value: mode, label: t(`teacher.tasks.answerKey.modes.${mode}`) }));

  return (
    <details className="answer-key" open={defaultOpen || undefined} data-testid="answer-key-section">
      <summary className="answer-key__summary">
        <span className="answer-key__title">
          <i className="pi pi-key" aria-hidden="true" /> {t('teacher.tasks.answerKey.title')}
        </span>
        <span className="answer-key__state">{hasKind ? t(`teacher.tasks.answerKey.kinds.${value.answerKind}`) : t('teacher.tasks.answerKey.off')}</span>
      </summary>
      <div className="answer-key__body">
        <p className="field-hint">{t('teacher.tasks.answerKey.hint')}</p>
        <div className="field-row answer-key__row">
          <FormField id="task-answer-kind" label={t('teacher.tasks.answerKey.kind')} error={errors.answerKind}>
            {(field) => (
              <Dropdown
                inputId="task-answer-kind"
                value={value.answerKind}
                options={kindOptions}
                onChange={(e) => {
                  const answerKind = e.value as AnswerKind;
                  onChange({
                    answerKind,
                    ...(answerKind === 'none' ? { checkMode: 'manual' as const } : value.answerKind === 'none' ? { checkMode: 'suggest' as const } : {}),
                    ...(answerKind !== 'number' ? { tolerance: '' } : {}),
                  });
                }}
                {...field}
              />
            )}
          </FormField>
          <FormField id="task-check-mode" label={t('teacher.tasks.answerKey.mode')} error={errors.checkMode} hint={t(`teacher.tasks.answerKey.modeHints.${value.checkMode}`)}>
            {(field) => (
              <Dropdown inputId="task-check-mode" value={value.checkMode} options={modeOptions} onChange={(e) => onChange({ checkMode: e.value as CheckMode })} disabled={!hasKind} {...field} />
            )}
          </FormField>
        </div>
        {hasKind ? (
          <>
            <div className="field-row answer-key__row">
              <FormField id="task-answer-key" label={t('teacher.tasks.answerKey.key')} error={keyError} hint={t(`teacher.tasks.answerKey.keyHints.${value.answerKind}`)} className="answer-key__key">
                {(field) => <InputText id="task-answer-key" value={value.answerKey} onChange={(e) => onChange({ answerKey: e.target.value })} autoComplete="off" spellCheck={false} {...field} />}
              </FormField>
              {value.answerKind === 'number' ? (
                <FormField id="task-tolerance" label={t('teacher.tasks.answerKey.tolerance')} error={errors.tolerance} hint={t('teacher.tasks.answerKey.toleranceHint')}>
                  {(field) => <InputText id="task-tolerance" value={value.tolerance} onChange={(e) => onChange({ tolerance: e.target.value })} inputMode="decimal" placeholder="0" {...field} />}
                </FormField>
              ) : null}
            </div>
            <section className="answer-key__preview" aria-label={t('teacher.tasks.answerKey.preview')} aria-live="polite" data-testid="answer-key-preview">
              <span className="task-form__preview-label">{t('teacher.tasks.answerKey.preview')}</span>
              {result ? (
                result.keyLatex !== null ? (
                  <MathText>{`$$${result.keyLatex}$$`}</MathText>
                ) : (
                  <span className="answer-key__text-key">{typed.key}</span>
                )
              ) : (
                <span className="field-hint">{check.isFetching ? t('app.loading') : t('teacher.tasks.answerKey.previewEmpty')}</span>
              )}
            </section>
            <div className="answer-key__try" data-testid="answer-key-try">
              <FormField id="task-try-answer" label={t('teacher.tasks.answerKey.tryLabel')} hint={t('teacher.tasks.answerKey.tryHint')}>
                {(field) => <InputText id="task-try-answer" value={value.tryAnswer} onChange={(e) => onChange({ tryAnswer: e.target.value })} autoComplete="off" spellCheck={false} {...field} />}
              </FormField>
              <div className="answer-key__verdict" role="status" aria-live="polite">
                {result?.verdict && !stale ? (
                  <span className={`answer-key__verdict-tag answer-key__verdict-tag--${result.verdict}`} data-verdict={result.verdict}>
                    <i className={VERDICT_ICON[result.verdict]} aria-hidden="true" /> {t(`teacher.tasks.answerKey.verdicts.${result.verdict}`)}
                  </span>
                ) : null}
              </div>
            </div>
          </>
        ) : null}
      </div>
    </details>
  );
}
