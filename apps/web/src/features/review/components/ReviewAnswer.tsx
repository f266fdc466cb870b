import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../../components/MathText';

/** Answers longer than this show their beginning until the teacher asks for the rest. */
export const ANSWER_PREVIEW_CHARS = 1_500;
/** How far below the screen an answer starts being drawn, so scrolling meets it ready. */
const DRAW_AHEAD = '800px 0px';

/**
 * A student's answer on the review page, drawn when it comes near the screen. A task can hold 50
 * answers of 10,000 characters each, Markdown and formulas all of them: drawing every one at once
 * was over a minute of style, layout and DOM work at 4× CPU (bench/review-render.ts), a frozen
 * page on a teacher's phone. Until then it is one plain text node (cheap, and what the browser's
 * find-in-page still sees); a long answer shows its beginning with a button for the rest.
 */
export function ReviewAnswer({ answer }: { answer: string }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers, the test DOM) everything is drawn at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [whole, setWhole] = useState(false);
  const long = answer.length > ANSWER_PREVIEW_CHARS;

  useEffect(() => {
    if (near || !box.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: DRAW_AHEAD },
    );
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [near]);

  const shown = long && !whole ? previewOf(answer) : answer;
  return (
    <div ref={box} className="review-answer" data-testid="review-answer">
      {near ? (
        <MathText className="solution-review__answer">{shown}</MathText>
      ) : (
        <div className="math-text math-text--plain solution-review__answer">{shown}</div>
      )}
      {long ? (
        <button type="button" className="p-button p-button-text p-button-sm review-answer__toggle" aria-expanded={whole} onClick={() => setWhole(!whole)}>
          {whole ? t('review.answerShowLess') : t('review.answerShowAll', { count: answer.length })}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The beginning of a long answer, cut at a line break or a space near the limit so a word or a
 * short formula is not split, and never inside an unclosed `$…$` (the tail would show as source).
 */
export function previewOf(answer: string): string {
  let end = ANSWER_PREVIEW_CHARS;
  const lineBreak = answer.lastIndexOf('\n', end);
  const space = answer.lastIndexOf(' ', end);
  const cut = lineBreak > end - 300 ? lineBreak : space > end - 100 ? space : end;
  end = cut;
  let head = answer.slice(0, end);
  // An odd number of unescaped `$` means a formula was cut open: end before it.
  const dollars = [...head.matchAll(/(?<!\\)\$/g)].map((m) => m.index);
  if (dollars.length % 2 === 1) head = head.slice(0, dollars[dollars.length - 1]);
  return `${head.trimEnd()} …`;
}
