import { useId, useState } from 'react';
import { ADMIN_UPLOADS } from '@vastra/shared/schemas/admin';
import {
  ADMIN_VIDEO_MESSAGES as V,
  adminVideoUploadFieldsSchema,
  adminVideoUrlRequestSchema,
  type AdminVideo,
} from '@vastra/shared/schemas/admin';
import { ApiError, toastApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/document-meta';
import { notify } from '@/lib/toast';
import {
  addVideoUrl,
  getAdminVideos,
  removeVideo,
  reorderVideos,
  uploadVideo,
} from '../api/admin-calls';
import { Button } from '@/components/ui/button';
import { EmptyPanel } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/field';
import { useSchemaForm } from '@/components/ui/form';
import { beforeData, card, PageHeading, useConfirm } from '../ui';
import { useQuery } from '@/lib/query';
import { invalidateShopVideos, VIDEOS_KEY } from '../admin-keys';

const VIDEO_MAX_MB = ADMIN_UPLOADS.videoBytesMax / (1024 * 1024);

/** The browser's view of a clip before upload, with the server's messages; the server checks the bytes. */
function videoProblem(file: { name: string; size: number; type: string }): string | null {
  const typeOk =
    file.type === ''
      ? /\.(mp4|webm)$/i.test(file.name)
      : ['video/mp4', 'video/webm'].includes(file.type);
  if (!typeOk) return V.format;
  if (file.size > ADMIN_UPLOADS.videoBytesMax) return V.tooLarge(VIDEO_MAX_MB);
  return null;
}

/** /admin/videos: the home page's clips in their order; add by upload or URL, reorder, remove. */
export function VideosPage() {
  useDocumentMeta('Admin · Videos');
  const list = useQuery(VIDEOS_KEY, getAdminVideos);
  // The server's answer to each change goes on screen, and the shop's carousel reloads.
  const changed = (update: (data: { videos: AdminVideo[] }) => { videos: AdminVideo[] }) => {
    list.set((d) => ({ ...d, ...update(d) }));
    invalidateShopVideos();
  };
  const [confirmDialog, confirm] = useConfirm();
  const [moving, setMoving] = useState(false);

  const move = async (videos: AdminVideo[], from: number, to: number) => {
    const ids = videos.map((v) => v._id);
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    setMoving(true);
    try {
      const answer = await reorderVideos(ids);
      changed(() => ({ videos: answer.videos }));
      notify.success(V.reordered);
    } catch (error) {
      toastApiError(error);
    } finally {
      setMoving(false);
    }
  };

  const remove = async (video: AdminVideo) => {
    const ok = await confirm({
      title: 'Remove this video?',
      text: `${video.title || video.videoUrl} leaves the home page carousel.`,
      confirm: 'Remove video',
      danger: true,
    });
    if (!ok) return;
    try {
      const answer = await removeVideo(video._id);
      notify.success(answer.message);
      changed((d) => ({ videos: d.videos.filter((v) => v._id !== video._id) }));
    } catch (error) {
      toastApiError(error);
    }
  };

  const added = (video: AdminVideo) => changed((d) => ({ videos: [...d.videos, video] }));

  let body;
  if (list.data === undefined) body = beforeData(list, 'the videos');
  else if (list.data.videos.length === 0)
    body = (
      <EmptyPanel title="No videos" text="The home page shows no carousel until you add one." />
    );
  else {
    const { videos } = list.data;
    body = (
      <ol aria-label="Videos in carousel order" className="space-y-3">
        {videos.map((video, index) => (
          <li
            key={video._id}
            data-testid="admin-video"
            className={`${card} flex flex-wrap items-center gap-4 p-3 sm:flex-nowrap`}
          >
            <span className="w-6 text-center font-serif text-lg text-muted tabular-nums">
              {index + 1}
            </span>
            {video.local ? (
              <video
                src={video.videoUrl}
                muted
                preload="metadata"
                playsInline
                className="h-16 w-28 shrink-0 bg-ink object-cover"
                aria-hidden="true"
              />
            ) : (
              <div className="flex h-16 w-28 shrink-0 items-center justify-center bg-line text-[11px] tracking-[0.12em] text-ink uppercase">
                Link
              </div>
            )}
            <div className="min-w-0 flex-1 basis-40">
              <p className="font-medium break-words">{video.title || 'Untitled'}</p>
              <p className="truncate text-xs text-muted" title={video.videoUrl}>
                {video.local ? 'On this server' : video.videoUrl}
              </p>
            </div>
            <div className="flex w-full flex-wrap gap-2 sm:w-auto sm:flex-nowrap">
              <Button
                type="button"
                variant="secondary"
                disabled={index === 0 || moving}
                onClick={() => void move(videos, index, index - 1)}
                aria-label={`Move ${video.title || `video ${index + 1}`} up`}
              >
                Up
              </Button>
              <Button
                type="button"
                variant="secondary"
                disabled={index === videos.length - 1 || moving}
                onClick={() => void move(videos, index, index + 1)}
                aria-label={`Move ${video.title || `video ${index + 1}`} down`}
              >
                Down
              </Button>
              <Button
                type="button"
                variant="danger"
                onClick={() => void remove(video)}
                aria-label={`Remove ${video.title || `video ${index + 1}`}`}
              >
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <>
      <PageHeading title="Videos" text="The home page carousel, in this order." />
      {body}
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <UploadVideo onAdded={added} />
        <AddByUrl onAdded={added} />
      </div>
      {confirmDialog}
    </>
  );
}

function UploadVideo({ onAdded }: { onAdded: (v: AdminVideo) => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const form = useSchemaForm<{ title: string }, { title: string }>({
    schema: adminVideoUploadFieldsSchema,
    defaultValues: { title: '' },
  });
  // The file is checked beside its input, as the pictures of a product are.
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const checkFile = () => {
    const problem = file ? videoProblem(file) : V.noFile;
    setError(problem);
    return problem;
  };

  const submit = form.handleSubmit(async ({ title }) => {
    if (checkFile() || !file) return;
    setSaving(true);
    try {
      const answer = await uploadVideo(file, title);
      notify.success(answer.message);
      onAdded(answer.video);
      setFile(null);
      form.reset();
    } catch (e) {
      setError(e instanceof ApiError && e.kind === 'http' ? e.message : null);
      toastApiError(e);
    } finally {
      setSaving(false);
    }
  }, checkFile);

  return (
    <section aria-labelledby={`${id}-h`} className={`${card} p-4 sm:p-6`}>
      <h2 id={`${id}-h`} className="mb-4 font-serif text-xl">
        Upload a clip
      </h2>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label
            htmlFor={id}
            className="mb-1.5 block text-[11px] font-medium tracking-[0.14em] uppercase"
          >
            Video file
          </label>
          <input
            id={id}
            type="file"
            accept="video/mp4,video/webm,.mp4,.webm"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-err` : ''}`}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setFile(chosen);
              setError(chosen ? videoProblem(chosen) : null);
            }}
            className="block w-full text-sm file:mr-3 file:border file:border-ink file:bg-transparent file:px-3 file:py-2 file:text-xs file:tracking-[0.12em] file:uppercase"
          />
          <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
            MP4 or WebM, at most {VIDEO_MAX_MB} MB
          </p>
          {error && (
            <p id={`${id}-err`} role="alert" className="mt-1.5 text-sm text-accent">
              {error}
            </p>
          )}
        </div>
        <TextField label="Title (for screen readers)" {...form.field('title')} />
        <Button type="submit" disabled={saving}>
          {saving ? 'Uploading…' : 'Upload video'}
        </Button>
      </form>
    </section>
  );
}

function AddByUrl({ onAdded }: { onAdded: (v: AdminVideo) => void }) {
  const form = useSchemaForm<
    { videoUrl: string; title: string },
    { videoUrl: string; title: string }
  >({
    schema: adminVideoUrlRequestSchema,
    defaultValues: { videoUrl: '', title: '' },
  });
  const [saving, setSaving] = useState(false);

  const submit = form.handleSubmit(async ({ videoUrl, title }) => {
    setSaving(true);
    try {
      const answer = await addVideoUrl(videoUrl, title);
      notify.success(answer.message);
      onAdded(answer.video);
      form.reset();
    } catch (e) {
      toastApiError(e);
    } finally {
      setSaving(false);
    }
  });

  return (
    <section aria-labelledby="video-url" className={`${card} p-4 sm:p-6`}>
      <h2 id="video-url" className="mb-4 font-serif text-xl">
        Add by address
      </h2>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Video URL"
          type="url"
          placeholder="https://…"
          {...form.field('videoUrl')}
        />
        <TextField label="Title (for screen readers)" {...form.field('title')} />
        <Button type="submit" variant="secondary" disabled={saving}>
          {saving ? 'Adding…' : 'Add video'}
        </Button>
      </form>
    </section>
  );
}
