import '../../../../components/photo/photo-texts';
import type { Annotation } from '@mathclub/shared';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewablePhoto } from '../../../../components/photo/ViewablePhoto';

// The drawing tools are fetched when a teacher first opens them, not with the review page.
const AnnotationEditor = lazy(() => import('./AnnotationEditor'));

interface Props {
  src: string;
  /** Names the task and the author. */
  alt: string;
  marks: readonly Annotation[];
  onChange: (marks: Annotation[]) => void;
  disabled?: boolean;
  /** A count the queue raises when its key (M) asks for the mark-up view: each new value opens it. */
  openWhen?: number;
  /** The key that opens the view, told on its button. */
  keyShortcut?: string;
}

/**
 * A solution's photo on the review page (PRODUCT.md §14): the photo with its marks (opens full
 * screen) and a button to the annotation view. The marks are saved with the verdict.
 */
export function ReviewPhoto({ src, alt, marks, onChange, disabled, openWhen = 0, keyShortcut }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // Only a press made while this photo is shown opens it, not one counted before it came.
  const [seenAsks, setSeenAsks] = useState(openWhen);
  if (openWhen !== seenAsks) {
    setSeenAsks(openWhen);
    if (!disabled) setEditing(true);
  }
  // The focus goes back to the button that opened the view.
  const close = () => {
    setEditing(false);
    opener.current?.focus();
  };
  return (
    <div className="review-photo">
      <ViewablePhoto src={src} alt={alt} marks={marks} className="solution-review__image-link" />
      <button ref={opener} type="button" className="p-button p-button-sm p-button-outlined review-photo__annotate" onClick={() => setEditing(true)} disabled={disabled} data-testid="annotate-open" aria-keyshortcuts={keyShortcut}>
        <i className="pi pi-pencil" aria-hidden="true" />
        <span>{marks.length > 0 ? t('photo.annotate.change') : t('photo.annotate.open')}</span>
        {keyShortcut ? <kbd aria-hidden="true">{keyShortcut}</kbd> : null}
      </button>
      {editing ? (
        <Suspense fallback={null}>
          <AnnotationEditor
            src={src}
            alt={alt}
            marks={marks}
            onCancel={close}
            onDone={(next) => {
              close();
              onChange(next);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
