import '../../../components/photo/photo-texts';
import type { Solution, Task } from '@mathclub/shared';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../../components/MathText';
import { ViewablePhoto } from '../../../components/photo/ViewablePhoto';
import { formatDate } from '../../../lib/format';
import { SolutionStatus } from './SolutionStatus';

// PrimeReact's chevrons (14 × 14), drawn inline: the list needs none of PrimeReact's JavaScript.
const CHEVRON_RIGHT =
  'M4.38708 13C4.28408 13.0005 4.18203 12.9804 4.08691 12.9409C3.99178 12.9014 3.9055 12.8433 3.83313 12.7701C3.68634 12.6231 3.60388 12.4238 3.60388 12.2161C3.60388 12.0084 3.68634 11.8091 3.83313 11.6622L8.50507 6.99022L3.83313 2.31827C3.69467 2.16968 3.61928 1.97313 3.62287 1.77005C3.62645 1.56698 3.70872 1.37322 3.85234 1.22959C3.99596 1.08597 4.18972 1.00371 4.3928 1.00012C4.59588 0.996539 4.79242 1.07192 4.94102 1.21039L10.1669 6.43628C10.3137 6.58325 10.3962 6.78249 10.3962 6.99022C10.3962 7.19795 10.3137 7.39718 10.1669 7.54416L4.94102 12.7701C4.86865 12.8433 4.78237 12.9014 4.68724 12.9409C4.59212 12.9804 4.49007 13.0005 4.38708 13Z';
const CHEVRON_DOWN =
  'M7.01744 10.398C6.91269 10.3985 6.8089 10.378 6.71215 10.3379C6.61541 10.2977 6.52766 10.2386 6.45405 10.1641L1.13907 4.84913C1.03306 4.69404 0.985221 4.5065 1.00399 4.31958C1.02276 4.13266 1.10693 3.95838 1.24166 3.82747C1.37639 3.69655 1.55301 3.61742 1.74039 3.60402C1.92777 3.59062 2.11386 3.64382 2.26584 3.75424L7.01744 8.47394L11.769 3.75424C11.9189 3.65709 12.097 3.61306 12.2748 3.62921C12.4527 3.64535 12.6199 3.72073 12.7498 3.84328C12.8797 3.96582 12.9647 4.12842 12.9912 4.30502C13.0177 4.48162 12.9841 4.662 12.8958 4.81724L7.58083 10.1322C7.50996 10.2125 7.42344 10.2775 7.32656 10.3232C7.22968 10.3689 7.12449 10.3944 7.01744 10.398Z';

/** Arrow keys, Home and End move between the headers, as in PrimeReact's Accordion. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  const target = event.target as HTMLElement;
  if (!keys.includes(event.key) || !target.classList.contains('p-accordion-header-link')) return;
  const headers = [...event.currentTarget.querySelectorAll<HTMLElement>('.p-accordion-header-link')];
  const at = headers.indexOf(target);
  const next =
    event.key === 'Home' ? 0 : event.key === 'End' ? headers.length - 1 : (at + (event.key === 'ArrowDown' ? 1 : -1) + headers.length) % headers.length;
  headers[next]?.focus();
  event.preventDefault();
}

/**
 * The student's own solutions, newest first: each opens to its answer, image, verdict and feedback.
 * PrimeReact's Accordion markup (same classes, so the same look) as plain buttons: a closed answer
 * renders nothing but its header, so thirty answers cost thirty headers and no formulas.
 */
export function MySolutions({ solutions, tasks }: { solutions: Solution[]; tasks: Task[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const titles = new Map(tasks.map((task) => [task.id, task.title]));
  const sorted = [...solutions].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id));
  if (sorted.length === 0) return <p className="list-empty">{t('arena.mine.empty')}</p>;
  const toggle = (solutionId: number) =>
    setOpen((was) => {
      const now = new Set(was);
      if (!now.delete(solutionId)) now.add(solutionId);
      return now;
    });
  return (
    <div className="my-solutions p-accordion p-component" onKeyDown={moveFocus}>
      {sorted.map((s) => {
        const expanded = open.has(s.id);
        const headerId = `${id}-h${s.id}`;
        const contentId = `${id}-c${s.id}`;
        return (
          <div key={s.id} className={expanded ? 'p-accordion-tab p-accordion-tab-active' : 'p-accordion-tab'}>
            <div className={expanded ? 'p-accordion-header p-highlight' : 'p-accordion-header'}>
              <button
                type="button"
                id={headerId}
                className="p-accordion-header-link"
                aria-expanded={expanded}
                aria-controls={expanded ? contentId : undefined}
                onClick={() => toggle(s.id)}
              >
                <svg className="p-icon p-accordion-toggle-icon" width="14" height="14" viewBox="0 0 14 14" fill="none" aria-hidden="true" focusable="false">
                  <path d={expanded ? CHEVRON_DOWN : CHEVRON_RIGHT} fill="currentColor" />
                </svg>
                <span className="p-accordion-header-text">
                  <span className="my-solutions__header">
                    <span className="my-solutions__title">{titles.get(s.taskId) ?? t('arena.mine.removedTask')}</span>
                    <SolutionStatus solution={s} />
                    <time dateTime={s.createdAt} className="my-solutions__date">
                      {formatDate(s.createdAt)}
                    </time>
                  </span>
                </span>
              </button>
            </div>
            {expanded ? (
              <div id={contentId} className="p-toggleable-content" role="region" aria-labelledby={headerId}>
                <div className="p-accordion-content">
                  <div className="my-solutions__body">
                    {s.answer ? <MathText>{s.answer}</MathText> : <p className="field-hint">{t('arena.mine.noText')}</p>}
                    {s.imageSecureUrl ? (
                      // The teacher's marks, if any, over the photo (PRODUCT.md §14); opens full screen.
                      <ViewablePhoto
                        src={s.imageSecureUrl}
                        alt={t('photo.alt', { name: s.author.name, task: titles.get(s.taskId) ?? t('arena.mine.removedTask') })}
                        marks={s.annotations ?? []}
                      />
                    ) : null}
                    {s.feedback ? (
                      <div className="my-solutions__feedback">
                        <strong>{t('arena.feedback')}:</strong>
                        <MathText>{s.feedback}</MathText>
                      </div>
                    ) : null}
                    {s.reviewed && s.reviewer ? (
                      <p className="field-hint">
                        {t('arena.mine.reviewedBy', { name: s.reviewer.name, date: s.reviewedAt ? formatDate(s.reviewedAt) : '' })}
                      </p>
                    ) : null}
                  </div>
                </div>
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
