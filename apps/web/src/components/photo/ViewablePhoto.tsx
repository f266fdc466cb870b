import './photo-texts';
import type { Annotation } from '@mathclub/shared';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkedPhoto } from './MarkedPhoto';

// The full-screen viewer is fetched when someone opens it, not with the page.
const PhotoViewer = lazy(() => import('./PhotoViewer'));

interface Props {
  src: string;
  /** Names the task and the author. */
  alt: string;
  marks: readonly Annotation[];
  className?: string;
}

/**
 * A photo (with any marks on it) that opens full screen, by a click on it or its corner button
 * (the keyboard's way). Used by the student's "my solutions" and the teacher's review page.
 */
export function ViewablePhoto({ src, alt, marks, className }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // Closing gives the focus back to the button that opened the viewer.
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  return (
    <>
      <span className={`viewable-photo${className ? ` ${className}` : ''}`} onClick={() => setOpen(true)}>
        <MarkedPhoto src={src} alt={alt} marks={marks} />
        {marks.length > 0 ? (
          <span className="viewable-photo__badge">
            <i className="pi pi-pencil" aria-hidden="true" /> {t('photo.marked', { count: marks.length })}
          </span>
        ) : null}
        {/* The keyboard's way in (a click anywhere on the photo opens it too). */}
        <button ref={opener} type="button" className="viewable-photo__open" title={t('photo.open')} aria-label={`${t('photo.open')}: ${alt}`}>
          <i className="pi pi-window-maximize" aria-hidden="true" />
        </button>
      </span>
      {open ? (
        <Suspense fallback={null}>
          <PhotoViewer src={src} alt={alt} marks={marks} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
