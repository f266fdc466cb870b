import 'mathlive/fonts.css';
import { MathfieldElement } from 'mathlive';
import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../../components/MathText';
import { tidyAsciiMath } from './formula-text';
import { mathKeyboardLayouts } from './math-keyboard';

// Fonts come bundled from mathlive/fonts.css above (the module's default fetches them from a path
// beside the script, which the build does not keep); the keyboard's click sounds stay off.
MathfieldElement.fontsDirectory = null;
MathfieldElement.soundsDirectory = null;

export interface FormulaEditorProps {
  /** Called with the formula when the student adds it to the answer: LaTeX, or plain typing when `plain`. */
  onInsert: (formula: string) => void;
  /**
   * The task has a key the checker reads (issue 49): the formula goes in as the student would type
   * it, `(x+1)(x-1)`, not as `$\left(x+1\right)\left(x-1\right)$`.
   */
  plain?: boolean;
}

/**
 * The optional "formula" mode of the answer (PRODUCT.md §9): MathLive's math field, with its
 * virtual keyboard on touch screens, and the formula drawn by KaTeX as it will be shown and
 * checked. This module (MathLive, ~250 KB gzip) is fetched only when a student opens it.
 */
export function FormulaEditor({ onInsert, plain = false }: FormulaEditorProps) {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const field = useRef<MathfieldElement | null>(null);
  const [latex, setLatex] = useState('');

  useEffect(() => {
    // MathLive's own words (its menu, the keyboard's toggle) in the page's language, not the browser's.
    MathfieldElement.locale = i18n.language;
    const mf = new MathfieldElement();
    // Phones and tablets get MathLive's keyboard when the field has the focus; a real keyboard needs none.
    mf.mathVirtualKeyboardPolicy = 'auto';
    mf.smartFence = true;
    mf.setAttribute('aria-label', t('arena.solve.formulaLabel'));
    mf.className = 'formula-editor__field';
    mf.dataset.testid = 'formula-field';
    const onInput = () => setLatex(mf.value);
    mf.addEventListener('input', onInput);
    host.current!.appendChild(mf);
    field.current = mf;
    // The keyboard lies over the bottom of the screen: the page gets room beneath it, and the field
    // is kept above it, so a student sees what they type.
    const keyboard = window.mathVirtualKeyboard;
    // Keys that say what they do in the page's language (the keyboard is one for the page).
    keyboard.layouts = mathKeyboardLayouts(t);
    const onGeometry = () => {
      const height = keyboard.visible ? keyboard.boundingRect.height : 0;
      document.body.style.paddingBottom = height > 0 ? `${height}px` : '';
      if (height > 0 && mf.getBoundingClientRect().bottom > window.innerHeight - height) mf.scrollIntoView({ block: 'center' });
    };
    keyboard.addEventListener('geometrychange', onGeometry);
    mf.focus();
    return () => {
      mf.removeEventListener('input', onInput);
      keyboard.removeEventListener('geometrychange', onGeometry);
      document.body.style.paddingBottom = '';
      mf.remove();
      field.current = null;
    };
    // The label and the keys are set once; a language change while it is open does not rebuild the field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const formula = latex.trim();
  return (
    <div className="formula-editor" role="group" aria-label={t('arena.solve.formulaLabel')}>
      <div ref={host} className="formula-editor__host" />
      <section className="solution-form__preview" aria-label={t('arena.solve.formulaPreview')} aria-live="polite" data-testid="formula-preview">
        <span className="solution-form__preview-label">{t('arena.solve.formulaPreview')}</span>
        {formula ? <MathText>{`$$${formula}$$`}</MathText> : <span className="field-hint">—</span>}
      </section>
      <div className="formula-editor__actions">
        <Button
          type="button"
          label={t('arena.solve.formulaInsert')}
          icon="pi pi-plus"
          disabled={!formula}
          onClick={() => {
            onInsert(plain && field.current ? tidyAsciiMath(field.current.getValue('ascii-math')) || formula : formula);
            if (field.current) field.current.value = '';
            setLatex('');
          }}
        />
      </div>
    </div>
  );
}
