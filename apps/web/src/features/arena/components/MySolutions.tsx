import type { Solution, Task } from '@mathclub/shared';
import { Accordion, AccordionTab } from 'primereact/accordion';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../../components/MathText';
import { formatDate } from '../../../lib/format';
import { SolutionStatus } from './SolutionStatus';

/** The student's own solutions, newest first: each opens to its answer, image, verdict and feedback. */
export function MySolutions({ solutions, tasks }: { solutions: Solution[]; tasks: Task[] }) {
  const { t } = useTranslation();
  const titles = new Map(tasks.map((task) => [task.id, task.title]));
  const sorted = [...solutions].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id));
  if (sorted.length === 0) return <p className="list-empty">{t('arena.mine.empty')}</p>;
  return (
    <Accordion multiple className="my-solutions">
      {sorted.map((s) => (
        <AccordionTab
          key={s.id}
          header={
            <span className="my-solutions__header">
              <span className="my-solutions__title">{titles.get(s.taskId) ?? t('arena.mine.removedTask')}</span>
              <SolutionStatus solution={s} />
              <time dateTime={s.createdAt} className="my-solutions__date">
                {formatDate(s.createdAt)}
              </time>
            </span>
          }
        >
          <div className="my-solutions__body">
            {s.answer ? <MathText>{s.answer}</MathText> : <p className="field-hint">{t('arena.mine.noText')}</p>}
            {s.imageSecureUrl ? (
              <a href={s.imageSecureUrl} target="_blank" rel="noopener noreferrer" className="task-card__image-link">
                <img src={s.imageSecureUrl} alt={t('arena.mine.imageAlt')} className="task-card__image" loading="lazy" />
              </a>
            ) : null}
            {s.feedback ? (
              <p className="my-solutions__feedback">
                <strong>{t('arena.feedback')}:</strong> {s.feedback}
              </p>
            ) : null}
            {s.reviewed && s.reviewer ? (
              <p className="field-hint">
                {t('arena.mine.reviewedBy', { name: s.reviewer.name, date: s.reviewedAt ? formatDate(s.reviewedAt) : '' })}
              </p>
            ) : null}
          </div>
        </AccordionTab>
      ))}
    </Accordion>
  );
}
