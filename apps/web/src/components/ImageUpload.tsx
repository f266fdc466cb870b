import './ImageUpload.css';
import { IMAGE_MAX_BYTES } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { FileUpload, type FileUploadHandlerEvent } from 'primereact/fileupload';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** id of the file input (labels and tests find it). */
  id: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  /** An i18n key from the server (images.error.*), shown under the control. */
  errorKey?: string;
}

/** Shows the chosen file through a blob: URL that lives exactly as long as this preview. */
function FilePreview({ file, alt }: { file: File; alt: string }) {
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (!img.current || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(file);
    img.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <img ref={img} alt={alt} className="image-upload__preview" />;
}

/** Phones and tablets: offer the camera next to the gallery. */
function hasCoarsePointer(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * One optional image (SEED.md §4, §5): image/* only, at most IMAGE_MAX_BYTES, label 'choose image'
 * then 'change image', a preview and a remove button. The parent owns the chosen file.
 */
export function ImageUpload({ id, file, onChange, disabled = false, errorKey }: Props) {
  const { t } = useTranslation();
  const [pickerKey, setPickerKey] = useState(0);
  const [localError, setLocalError] = useState<string | null>(null);
  const [coarse] = useState(hasCoarsePointer);
  const cameraRef = useRef<HTMLInputElement>(null);
  const size = t('imageUpload.maxSize', { mb: IMAGE_MAX_BYTES / 1_000_000 });

  function take(chosen: File | undefined) {
    // A fresh picker each time: PrimeReact's basic mode keeps its own list otherwise.
    setPickerKey((k) => k + 1);
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) {
      setLocalError(t('imageUpload.notAnImage', { file: chosen.name }));
      return;
    }
    if (chosen.size > IMAGE_MAX_BYTES) {
      setLocalError(t('imageUpload.invalidFileSize', { file: chosen.name, size }));
      return;
    }
    setLocalError(null);
    onChange(chosen);
  }

  function fromCamera(event: ChangeEvent<HTMLInputElement>) {
    take(event.target.files?.[0]);
    event.target.value = '';
  }

  const label = file ? t('imageUpload.change') : t('imageUpload.choose');
  const errorId = `${id}-error`;
  const error = localError ?? (errorKey ? t(errorKey, { defaultValue: t('common.error.invalidValue') }) : null);

  return (
    <div className="image-upload">
      <div className="image-upload__buttons">
        <FileUpload
          key={pickerKey}
          mode="basic"
          name={id}
          accept="image/*"
          maxFileSize={IMAGE_MAX_BYTES}
          auto
          customUpload
          uploadHandler={(e: FileUploadHandlerEvent) => take(e.files[0])}
          onValidationFail={(f: File) => {
            setPickerKey((k) => k + 1);
            setLocalError(t('imageUpload.invalidFileSize', { file: f.name, size }));
          }}
          invalidFileSizeMessageSummary={t('imageUpload.invalidFileSizeSummary')}
          invalidFileSizeMessageDetail={t('imageUpload.invalidFileSizeDetail')}
          chooseLabel={label}
          chooseOptions={{ icon: 'pi pi-image', className: 'p-button-outlined p-button-secondary image-upload__choose' }}
          disabled={disabled}
          pt={{
            basicButton: { role: 'button', 'aria-describedby': error ? errorId : undefined, 'aria-disabled': disabled },
            input: { id, 'aria-label': label },
          }}
        />
        {coarse ? (
          <>
            <input
              ref={cameraRef}
              type="file"
              accept="image/*"
              capture="environment"
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={fromCamera}
              disabled={disabled}
            />
            <Button
              type="button"
              label={t('imageUpload.takePhoto')}
              icon="pi pi-camera"
              severity="secondary"
              outlined
              disabled={disabled}
              onClick={() => cameraRef.current?.click()}
            />
          </>
        ) : null}
      </div>
      <small className="field-hint">{t('imageUpload.hint', { size })}</small>
      {error ? (
        <small id={errorId} className="field-error" role="alert">
          {error}
        </small>
      ) : null}
      {file ? (
        <div className="image-upload__chosen">
          <FilePreview file={file} alt={t('imageUpload.previewAlt')} />
          <span className="image-upload__name">{file.name}</span>
          <Button
            type="button"
            icon="pi pi-times"
            label={t('imageUpload.remove')}
            severity="danger"
            outlined
            size="small"
            disabled={disabled}
            onClick={() => {
              setLocalError(null);
              onChange(null);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
