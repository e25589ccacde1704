import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { LIMITS } from '@vastra/shared/constants';
import { IMAGE_ACCEPT, IMAGE_MAX_MB, sortPicked } from './upload-checks';

/**
 * A file input for product pictures with previews of what was chosen (object URLs, released when
 * the choice changes) and a way to take one out again. Each file is checked from its bytes as it
 * is picked: a file that is no picture is left out and named, the good ones of the same pick are
 * kept (docs/decisions/140-inline-form-errors.md). The count and "none chosen" are the form's.
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
  // The files as they are now when a pick's check ends (a file may be removed meanwhile).
  const current = useRef(files);
  useEffect(() => {
    current.current = files;
  }, [files]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const problems = [...refusals, ...(error ? [error] : [])];
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  return (
    <fieldset aria-describedby={`${id}-hint${problems.length ? ` ${id}-error` : ''}`}>
      <legend className="mb-1.5 block text-[11px] font-medium tracking-[0.14em] text-ink uppercase">
        {label}
      </legend>
      <label
        htmlFor={id}
        className={`flex cursor-pointer flex-col items-center justify-center gap-1 border border-dashed px-4 py-6 text-center text-sm focus-within:border-ink focus-within:ring-2 focus-within:ring-accent hover:border-ink ${
          problems.length ? 'border-accent' : 'border-field'
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
            // Choosing the same file again must fire a change.
            event.target.value = '';
            if (chosen.length === 0) return;
            void sortPicked(chosen).then(({ kept, refusals }) => {
              setRefusals(refusals);
              if (kept.length) onChange([...current.current, ...kept]);
            });
          }}
        />
      </label>
      {problems.length > 0 && (
        <div id={`${id}-error`} role="alert" className="mt-1.5 space-y-1 text-sm text-accent">
          {problems.map((problem, n) => (
            <p key={n} className="[overflow-wrap:anywhere]">
              {problem}
            </p>
          ))}
        </div>
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
                onClick={() => {
                  // What was said about an earlier pick is no longer the question.
                  setRefusals([]);
                  onChange(files.filter((_, n) => n !== index));
                }}
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
