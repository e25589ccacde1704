import { useId, useState } from 'react';
import {
  HOME_HERO_MESSAGES as M,
  homeHeroBannerFieldsSchema,
  type AdminHomeHero,
} from '@vastra/shared/schemas/home-hero';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ApiError, toastApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { uploadHeroBanner } from '../api/admin-calls';
import { IMAGE_ACCEPT, IMAGE_MAX_MB, pickedImageProblem } from '../products/upload-checks';

/**
 * A new banner: one picture and its text, checked here as a product's pictures are (the server
 * checks the bytes again), uploaded and shown on the home page at once.
 */
export function HeroBannerUpload({ onUploaded }: { onUploaded: (hero: AdminHomeHero) => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [fileError, setFileError] = useState<string | undefined>();
  const [altError, setAltError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const fileProblem = file ? ((await pickedImageProblem(file)) ?? undefined) : M.bannerFile;
    const altProblem = homeHeroBannerFieldsSchema.safeParse({ alt }).error?.issues[0]?.message;
    setFileError(fileProblem);
    setAltError(altProblem);
    if (fileProblem || altProblem || !file) return;
    setSaving(true);
    try {
      const answer = await uploadHeroBanner(file, alt.trim());
      notify.success(answer.message ?? M.bannerSaved);
      onUploaded(answer.hero);
      setFile(null);
      setAlt('');
      resetFile(id);
    } catch (e) {
      // The server's refusal (not a picture, too large) stays beside the file.
      if (e instanceof ApiError && e.kind === 'http' && e.status === 400) setFileError(e.message);
      else toastApiError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="space-y-4"
    >
      <div>
        <label
          htmlFor={id}
          className="mb-1.5 block text-[11px] font-medium tracking-[0.14em] uppercase"
        >
          Banner picture
        </label>
        <input
          id={id}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${id}-hint${fileError ? ` ${id}-err` : ''}`}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setFileError(undefined);
          }}
          className="block w-full text-sm file:mr-3 file:border file:border-ink file:bg-transparent file:px-3 file:py-2 file:text-xs file:tracking-[0.12em] file:uppercase"
        />
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          JPEG, PNG or WebP, at most {IMAGE_MAX_MB} MB; a wide picture (about 8 by 5) fills the
          picture side best.
        </p>
        {fileError && (
          <p id={`${id}-err`} role="alert" className="mt-1.5 text-sm text-accent">
            {fileError}
          </p>
        )}
      </div>
      <TextField
        label="The new banner’s text (for screen readers)"
        value={alt}
        onChange={(e) => {
          setAlt(e.target.value);
          setAltError(undefined);
        }}
        error={altError}
      />
      <Button type="submit" disabled={saving}>
        {saving ? 'Uploading…' : 'Upload and show the banner'}
      </Button>
    </form>
  );
}

/** Empties the file input once its picture is uploaded. */
function resetFile(id: string) {
  const input = document.getElementById(id) as HTMLInputElement | null;
  if (input) input.value = '';
}
