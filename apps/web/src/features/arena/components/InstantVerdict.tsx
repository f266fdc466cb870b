import type { Solution } from '@mathclub/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/Icon';

/**
 * What the student learns the moment an answer is sent (PRODUCT.md §9): the checker's final verdict
 * in auto mode, otherwise that the answer waits for the teacher (photos, unsure answers, no key).
 * It sits in the arena's live region (there before the answer is sent, so screen readers read the
 * words out) and, once shown, is scrolled to where the student is looking and takes the focus the
 * vanished form had (issue 49). Plain markup, so the arena's first load stays small.
 */
export function InstantVerdict({ title, solution, onClose }: { title: string; solution: Solution; onClose: () => void }) {
  const { t } = useTranslation();
  const kind = !solution.reviewed ? 'waiting' : solution.correct ? 'correct' : 'incorrect';
  const icon = kind === 'correct' ? 'check' : kind === 'incorrect' ? 'times' : 'clock';
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.scrollIntoView?.({ block: 'center', behavior: 'instant' });
    el.focus({ preventScroll: true });
  }, [solution.id]);
  return (
    <div ref={box} tabIndex={-1} className={`instant-verdict instant-verdict--${kind}`} data-testid="instant-verdict" data-verdict={kind}>
      <Icon name={icon} className="instant-verdict__icon" />
      <span className="instant-verdict__text">{t(`arena.verdict.${kind}`, { title })}</span>
      <button type="button" className="instant-verdict__close" onClick={onClose} aria-label={t('arena.verdict.close')}>
        <Icon name="times" />
      </button>
    </div>
  );
}
