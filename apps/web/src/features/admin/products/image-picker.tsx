import { useEffect, useId, useMemo, useRef } from 'react';
import { LIMITS } from '@vastra/shared/constants';
import { IMAGE_ACCEPT, IMAGE_MAX_MB } from './upload-checks';

/**
 * A file input for product pictures with previews of what was chosen (object URLs, released when
 * the choice changes) and a way to take one out again. Checking is the form's job.
 */
export function ImagePicker({
  label,
  files,
  onChange,
  error,
  room = LIMITS.productImagesMax,
}: {
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  error?: string | undefined;
  /** How many more pictures the product can take. */
  room?: number;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  return (
    <fieldset aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="mb-1.5 block text-[11px] font-medium tracking-[0.14em] text-ink uppercase">
        {label}
      </legend>
      <label
        htmlFor={id}
        className={`flex cursor-pointer flex-col items-center justify-center gap-1 border border-dashed px-4 py-6 text-center text-sm focus-within:border-ink focus-within:ring-1 focus-within:ring-ink hover:border-ink ${
          error ? 'border-accent' : 'border-muted/60'
        }`}
      >
        <span className="font-medium">Choose pictures</span>
        <span id={`${id}-hint`} className="text-xs text-muted">
          JPEG, PNG or WebP, at most {IMAGE_MAX_MB} MB each,{' '}
          {room === LIMITS.productImagesMax ? `up to ${room}` : `${room} more`}
        </span>
        <input
          ref={input}
          id={id}
          type="file"
          name="images"
          accept={IMAGE_ACCEPT}
          multiple
          className="sr-only"
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            if (chosen.length) onChange([...files, ...chosen]);
            // Choosing the same file again must fire a change.
            event.target.value = '';
          }}
        />
      </label>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-accent">
          {error}
        </p>
      )}
      {files.length > 0 && (
        <ul aria-label="Chosen pictures" className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {files.map((file, index) => (
            <li key={`${file.name}:${index}`} className="relative border border-line bg-white">
              <img
                src={previews[index]}
                alt={`Preview of ${file.name}`}
                className="aspect-[4/5] w-full object-cover"
                width={160}
                height={200}
              />
              <p className="truncate px-2 py-1 text-xs text-muted">{file.name}</p>
              <button
                type="button"
                onClick={() => onChange(files.filter((_, n) => n !== index))}
                className="absolute top-1 right-1 bg-paper/90 px-2 py-0.5 text-xs underline-offset-2 hover:underline"
                aria-label={`Remove ${file.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
