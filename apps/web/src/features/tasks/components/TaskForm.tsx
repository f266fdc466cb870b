import {
  answerKeyFieldErrors,
  CLOSES_BEFORE_OPENS,
  createTaskFieldsSchema,
  DRAFT_DEBOUNCE_MS,
  LEVELS,
  POINTS_OPTIONS,
  TEXT_OR_IMAGE_REQUIRED,
  type Group,
  type Task,
} from '@mathclub/shared';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../components/FieldError';
import { FormField } from '../../../components/FormField';
import { ImageUpload } from '../../../components/ImageUpload';
import { MathText } from '../../../components/MathText';
import { ApiRequestError } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { fromSchoolInput } from '../../../lib/school-time';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCreateTask } from '../api/create-task';
import { useUpdateTask } from '../api/update-task';
import { AnswerKeySection, toleranceValue } from './AnswerKeySection';
import type { TaskDraft } from './task-draft';

interface Props {
  draft: TaskDraft;
  onDraftChange: (patch: Partial<TaskDraft>) => void;
  /** The teacher's own groups: a task goes to one of them. */
  groups: Group[];
  groupsLoading?: boolean;
  onCreated: (task: Task) => void;
  /** Editing this task (the same form, PRODUCT.md §10): the submit saves it instead of adding one. */
  editingId?: number | null;
  onSaved?: (task: Task) => void;
  onCancelEdit?: () => void;
  /** SCHOOL_TIME_ZONE: the window is typed and shown in it. */
  timeZone: string;
}

/** Server field names → the form's fields. */
const serverField: Record<string, string> = { group: 'groupId', taskImage: 'image' };

/**
 * The task form (SEED.md §2, §4, §5): every rule checked on submit, the form disabled under a
 * spinner while sending, values kept on failure. The parent resets the draft after success.
 */
export function TaskForm({ draft, onDraftChange, groups, groupsLoading = false, onCreated, editingId = null, onSaved, onCancelEdit, timeZone }: Props) {
  const { t } = useTranslation();
  const create = useCreateTask();
  const update = useUpdateTask();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  const previewText = useDebouncedValue(draft.text, DRAFT_DEBOUNCE_MS);
  const busy = create.isPending || update.isPending;

  // A field's message goes once the teacher edits that field (text or image clear each other's).
  function change(patch: Partial<TaskDraft>) {
    onDraftChange(patch);
    const touched = Object.keys(patch).flatMap((k) => (k === 'image' || k === 'text' || k === 'removeImage' ? ['text', 'image'] : k === 'opensAt' ? ['opensAt', 'closesAt'] : [k]));
    setErrors((current) => {
      if (!touched.some((k) => k in current)) return current;
      const next = { ...current };
      for (const k of touched) delete next[k];
      return next;
    });
  }

  const levelOptions = LEVELS.map((level) => ({ value: level, label: t(`tasks.levels.${level}`) }));
  const pointsOptions = POINTS_OPTIONS.map((p) => ({ value: p, label: String(p) }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailed(false);
    const parsed = createTaskFieldsSchema.safeParse({
      title: draft.title,
      text: draft.text,
      level: draft.level ?? undefined,
      points: draft.points ?? '',
      group: draft.groupId ?? '',
    });
    const found = fieldErrors(parsed.error);
    if (found.group) found.groupId = found.group;
    const keepsImage = Boolean(draft.currentImageUrl) && !draft.removeImage;
    if (!draft.text.trim() && !draft.image && !keepsImage) found.text ??= TEXT_OR_IMAGE_REQUIRED;
    const opensAt = draft.opensAt ? fromSchoolInput(draft.opensAt, timeZone) : null;
    const closesAt = draft.closesAt ? fromSchoolInput(draft.closesAt, timeZone) : null;
    if (draft.opensAt && !opensAt) found.opensAt = 'teacher.tasks.form.errors.dateInvalid';
    if (draft.closesAt && !closesAt) found.closesAt = 'teacher.tasks.form.errors.dateInvalid';
    if (opensAt && closesAt && closesAt <= opensAt) found.closesAt = CLOSES_BEFORE_OPENS;
    const tolerance = draft.answerKind === 'number' ? toleranceValue(draft.tolerance) : 0;
    if (!Number.isFinite(tolerance) || tolerance < 0) found.tolerance = 'teacher.tasks.form.errors.toleranceInvalid';
    Object.assign(found, answerKeyFieldErrors({ answerKind: draft.answerKind, answerKey: draft.answerKey, tolerance: Number.isFinite(tolerance) ? tolerance : 0, checkMode: draft.checkMode }), found);
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    const failedToSend = (error: Error) => {
      console.error(editingId ? 'Failed to save task' : 'Failed to add task', error);
      const fromServer: Record<string, string> = {};
      if (error instanceof ApiRequestError) {
        for (const [field, key] of Object.entries(error.validationErrors)) fromServer[serverField[field] ?? field] = key;
        if (error.code === 'TASK_HAS_SOLUTIONS') fromServer.groupId = 'teacher.tasks.form.errors.groupHasSolutions';
      }
      setErrors(fromServer);
      setFailed(Object.keys(fromServer).length === 0);
    };
    if (editingId) {
      update.mutate(
        {
          id: editingId,
          changes: {
            title: parsed.data.title,
            text: parsed.data.text,
            level: parsed.data.level,
            points: parsed.data.points,
            groupId: parsed.data.group,
            image: draft.image,
            removeImage: draft.removeImage,
            opensAt,
            closesAt,
            answerKind: draft.answerKind,
            answerKey: draft.answerKey.trim(),
            tolerance,
            checkMode: draft.checkMode,
          },
        },
        {
          onSuccess: (task) => {
            setErrors({});
            onSaved?.(task);
          },
          onError: failedToSend,
        },
      );
      return;
    }
    create.mutate(
      {
        title: parsed.data.title,
        text: parsed.data.text,
        level: parsed.data.level,
        points: parsed.data.points,
        groupId: parsed.data.group,
        image: draft.image,
        answerKind: draft.answerKind,
        answerKey: draft.answerKey.trim(),
        tolerance,
        checkMode: draft.checkMode,
        opensAt,
        closesAt,
      },
      {
        onSuccess: (task) => {
          setErrors({});
          onCreated(task);
        },
        onError: failedToSend,
      },
    );
  }

  return (
    <div className="task-form-wrap">
      <form className="form task-form" onSubmit={submit} noValidate inert={busy} aria-busy={busy} data-testid="task-form">
        <FormField id="task-title" label={t('teacher.tasks.form.title')} error={errors.title}>
          {(field) => <InputText id="task-title" value={draft.title} onChange={(e) => change({ title: e.target.value })} {...field} />}
        </FormField>

        <div className="field">
          <label htmlFor="task-text">{t('teacher.tasks.form.text')}</label>
          <InputTextarea
            id="task-text"
            value={draft.text}
            onChange={(e) => change({ text: e.target.value })}
            rows={5}
            autoResize
            invalid={Boolean(errors.text)}
            aria-describedby={errors.text ? 'task-text-error task-text-hint' : 'task-text-hint'}
            aria-invalid={errors.text ? true : undefined}
          />
          <small id="task-text-hint" className="field-hint">
            {t('teacher.tasks.form.textHint')}
          </small>
          <FieldError fieldId="task-text" messageKey={errors.text} />
          {previewText.trim() ? (
            <section className="task-form__preview" aria-label={t('teacher.tasks.form.preview')}>
              <span className="task-form__preview-label">{t('teacher.tasks.form.preview')}</span>
              <MathText>{previewText}</MathText>
            </section>
          ) : null}
        </div>

        <div className="field">
          <span className="field__label" id="task-image-label">
            {t('teacher.tasks.form.image')}
          </span>
          {draft.currentImageUrl && !draft.image ? (
            <div className="task-form__current-image">
              <img src={draft.currentImageUrl} alt={t('teacher.tasks.form.currentImage')} className={draft.removeImage ? 'task-form__current-image--removed' : undefined} />
              <div className="task-form__checkbox">
                <Checkbox inputId="task-remove-image" checked={draft.removeImage} onChange={(e) => change({ removeImage: Boolean(e.checked) })} />
                <label htmlFor="task-remove-image">{t('teacher.tasks.form.removeImage')}</label>
              </div>
            </div>
          ) : null}
          <ImageUpload id="task-image" file={draft.image} onChange={(image) => change({ image })} disabled={busy} errorKey={errors.image} />
        </div>


        <div className="field-row field-row--3">
          <FormField id="task-level" label={t('teacher.tasks.form.level')} error={errors.level}>
            {(field) => (
              <Dropdown
                inputId="task-level"
                value={draft.level}
                options={levelOptions}
                onChange={(e) => change({ level: e.value })}
                placeholder={t('teacher.tasks.form.levelPlaceholder')}
                {...field}
              />
            )}
          </FormField>
          <FormField id="task-points" label={t('teacher.tasks.form.points')} error={errors.points}>
            {(field) => (
              <Dropdown
                inputId="task-points"
                value={draft.points}
                options={pointsOptions}
                onChange={(e) => change({ points: e.value })}
                placeholder={t('teacher.tasks.form.pointsPlaceholder')}
                {...field}
              />
            )}
          </FormField>
          <FormField id="task-group" label={t('teacher.tasks.form.group')} error={errors.groupId}>
            {(field) => (
              <Dropdown
                inputId="task-group"
                value={draft.groupId}
                options={groups}
                optionLabel="name"
                optionValue="id"
                onChange={(e) => change({ groupId: e.value })}
                placeholder={groupsLoading ? t('app.loading') : t('teacher.tasks.form.groupPlaceholder')}
                emptyMessage={t('teacher.tasks.form.noGroups')}
                {...field}
              />
            )}
          </FormField>
        </div>

        <AnswerKeySection value={draft} onChange={change} errors={errors} defaultOpen={draft.answerKind !== 'none'} />

        <div role="alert" className="form__alert">
          {failed ? <Message severity="error" text={t('teacher.tasks.form.failed')} className="form__message" /> : null}
        </div>

        <div className="task-form__buttons">
          {editingId ? (
            <>
              <Button type="submit" label={t('teacher.tasks.form.save')} icon="pi pi-check" className="task-form__submit" disabled={busy} />
              <Button type="button" label={t('teacher.tasks.form.cancelEdit')} icon="pi pi-times" severity="secondary" outlined onClick={onCancelEdit} disabled={busy} />
            </>
          ) : (
            <Button type="submit" label={t('teacher.tasks.form.submit')} icon="pi pi-plus" className="task-form__submit" disabled={busy} />
          )}
        </div>
        {/* Folded unless a window is set (most tasks are open at once and never close); under the button, so the form keeps its height. */}
        <details className="task-form__window" open={Boolean(draft.opensAt || draft.closesAt || errors.opensAt || errors.closesAt) || undefined} data-testid="task-window">
          <summary className="task-form__window-summary">
            <i className="pi pi-calendar" aria-hidden="true" /> {t('teacher.tasks.form.window')}
          </summary>
          <div className="field-row">
            <FormField id="task-opens-at" label={t('teacher.tasks.form.opensAt')} error={errors.opensAt}>
              {(field) => <InputText id="task-opens-at" type="datetime-local" value={draft.opensAt} onChange={(e) => change({ opensAt: e.target.value })} {...field} />}
            </FormField>
            <FormField id="task-closes-at" label={t('teacher.tasks.form.closesAt')} error={errors.closesAt}>
              {(field) => <InputText id="task-closes-at" type="datetime-local" value={draft.closesAt} onChange={(e) => change({ closesAt: e.target.value })} {...field} />}
            </FormField>
          </div>
          <small className="field-hint">{t('teacher.tasks.form.windowHint', { zone: timeZone })}</small>
        </details>
      </form>
      {busy ? (
        <div className="task-form__overlay" role="status">
          <ProgressSpinner style={{ width: '3rem', height: '3rem' }} strokeWidth="4" aria-hidden="true" />
          <span className="visually-hidden">{t('teacher.tasks.form.submitting')}</span>
        </div>
      ) : null}
    </div>
  );
}
