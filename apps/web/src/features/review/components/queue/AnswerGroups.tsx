import type { AnswerGroup } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../../../components/MathText';

interface Props {
  /** The groups with at least two answers still waiting (the rest are judged one by one). */
  groups: ReadonlyArray<AnswerGroup & { waitingIds: number[] }>;
  onJudge: (ids: number[], correct: boolean, feedback: string) => void;
  busy: boolean;
}

/** A typed answer as the student wrote it, shown as math when it has none of its own `$`. */
const asMath = (answer: string) => (answer.includes('$') ? answer : `$${answer}$`);

/** "12 × 42": a task's equal typed answers, judged at once (PRODUCT.md §15). */
export function AnswerGroups({ groups, onJudge, busy }: Props) {
  const { t } = useTranslation();
  const [comments, setComments] = useState<Record<string, string>>({});
  if (groups.length === 0) return null;
  return (
    <section className="queue-groups" aria-labelledby="queue-groups-title" data-testid="answer-groups">
      <h3 id="queue-groups-title" className="queue-groups__title">
        {t('reviewQueue.groups.title')}
      </h3>
      <p className="field-hint">{t('reviewQueue.groups.hint')}</p>
      <ul className="queue-groups__list">
        {groups.map((group, i) => {
          const key = group.waitingIds.join(',');
          const comment = comments[key] ?? '';
          const inputId = `queue-group-${i}-comment`;
          return (
            <li key={key} className="queue-groups__item" data-testid="answer-group" aria-label={t('reviewQueue.groups.label', { count: group.waitingIds.length, answer: group.answer })}>
              <span className="queue-groups__count">{t('reviewQueue.groups.count', { count: group.waitingIds.length })}</span>
              <MathText className="queue-groups__answer">{asMath(group.answer)}</MathText>
              {group.autoVerdict ? (
                <span className={`queue-groups__checker queue-groups__checker--${group.autoVerdict}`}>
                  <i className="pi pi-bolt" aria-hidden="true" /> {t('reviewQueue.groups.checker', { verdict: group.autoVerdict === 'unsure' ? '?' : t(`reviewQueue.${group.autoVerdict}`) })}
                </span>
              ) : null}
              <label htmlFor={inputId} className="visually-hidden">
                {t('reviewQueue.groups.comment')}
              </label>
              <InputText id={inputId} className="queue-groups__comment" placeholder={t('reviewQueue.groups.comment')} value={comment} onChange={(e) => setComments((c) => ({ ...c, [key]: e.target.value }))} />
              <span className="queue-groups__actions">
                <Button type="button" size="small" severity="success" icon="pi pi-check" label={t('reviewQueue.groups.allCorrect')} onClick={() => onJudge(group.waitingIds, true, comment)} disabled={busy} />
                <Button type="button" size="small" severity="danger" outlined icon="pi pi-times" label={t('reviewQueue.groups.allIncorrect')} onClick={() => onJudge(group.waitingIds, false, comment)} disabled={busy} />
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
