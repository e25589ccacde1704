import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { VIDEO_CAROUSEL } from '@vastra/shared/constants';
import type { Video } from '@vastra/shared/schemas/video';
import { SectionTitle } from '@/components/ui/section-title';
import { api, ApiError, type ApiClient } from '@/lib/api-client';
import { useQuery } from '@/lib/query';
import { DEMO_VIDEO_LIST, getVideos } from './api/get-videos';
import { MotionToggle, useMotionControl } from './motion-control';
import { useMediaQuery } from './use-media-query';

/** The messages of docs/product.md §8, word for word. */
export const VIDEO_MESSAGES = {
  loadError: (message: string) => `Error loading videos: ${message}`,
  showingDemo: 'Showing demo videos instead',
  empty: 'No videos found.',
  unavailable: 'Video unavailable',
} as const;

type VideosState =
  | { status: 'loading' }
  | { status: 'ready'; videos: Video[] }
  | { status: 'error'; message: string; videos: readonly Video[] };

function useVideos(client: ApiClient): VideosState {
  const { data, error } = useQuery(['videos'], (signal) => getVideos(client, signal));
  if (data !== undefined) return { status: 'ready', videos: data };
  if (error === undefined) return { status: 'loading' };
  const message =
    error instanceof ApiError || error instanceof Error ? error.message : 'Unknown error';
  return { status: 'error', message, videos: DEMO_VIDEO_LIST };
}

/** True while the element is at least partly on screen (IntersectionObserver). */
function useOnScreen<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => setOnScreen(entry?.isIntersecting ?? false),
      {
        threshold: 0.25,
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, onScreen];
}

/**
 * docs/product.md §1/§4/§9, docs/architecture.md §4.8: 4 clips per page at ≥ 1024 px, 1 below; the page turns every
 * 3 s and wraps. Clips are muted, inline and looping; only the clips of the current page play,
 * and only while the carousel is on screen. `preload="none"` until the carousel first comes on
 * screen (then `metadata`, so clips waiting their turn show a first frame): nothing is downloaded
 * before that, so the carousel never competes with the first paint. PAUSE stops the pages and the
 * clips; the pages also hold while the pointer is over the clips or keyboard focus is on a page
 * button; under reduced motion the clips wait for PLAY and the pages never turn by themselves
 * (docs/decisions/143-accessibility-checks.md).
 */
export function VideoCarousel({ client = api }: { client?: ApiClient }) {
  const state = useVideos(client);
  return (
    <section aria-labelledby="videos-title" className="container-shop mt-16 sm:mt-24">
      <SectionTitle id="videos-title" light="In" bold="Motion">
        A closer look at the season — fabrics, fits and the little details.
      </SectionTitle>
      {state.status === 'loading' && <VideoSkeleton />}
      {state.status === 'error' && (
        <div
          role="alert"
          className="mb-5 rounded-sm border border-accent/30 bg-accent/5 px-4 py-3 text-center text-sm"
        >
          <p className="text-accent-dark">{VIDEO_MESSAGES.loadError(state.message)}</p>
          <p className="mt-0.5 text-muted">{VIDEO_MESSAGES.showingDemo}</p>
        </div>
      )}
      {state.status === 'ready' && state.videos.length === 0 && (
        <p className="py-10 text-center text-muted">{VIDEO_MESSAGES.empty}</p>
      )}
      {state.status !== 'loading' && (state.status === 'error' || state.videos.length > 0) && (
        <Carousel videos={state.videos} />
      )}
    </section>
  );
}

function VideoSkeleton() {
  const wide = useMediaQuery(`(min-width: ${VIDEO_CAROUSEL.wideMinWidth}px)`);
  const count = wide ? VIDEO_CAROUSEL.perPageWide : VIDEO_CAROUSEL.perPageNarrow;
  return (
    <div
      role="status"
      aria-label="Loading videos"
      className="grid gap-4"
      style={{ gridTemplateColumns: `repeat(${count}, minmax(0, 1fr))` }}
    >
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="aspect-[4/5] animate-pulse rounded-sm bg-line/70" />
      ))}
    </div>
  );
}

function Carousel({ videos }: { videos: readonly Video[] }) {
  const wide = useMediaQuery(`(min-width: ${VIDEO_CAROUSEL.wideMinWidth}px)`);
  const motion = useMotionControl();
  const perPage = wide ? VIDEO_CAROUSEL.perPageWide : VIDEO_CAROUSEL.perPageNarrow;
  const pages = Math.max(1, Math.ceil(videos.length / perPage));
  const [rawPage, setPage] = useState(0);
  // Going from 1 to 4 per page can leave the page past the end.
  const page = rawPage % pages;
  const [ref, onScreen] = useOnScreen<HTMLDivElement>();
  // Once the carousel has been on screen, every clip may fetch its first frame (a few KB each).
  const [seen, setSeen] = useState(false);
  if (onScreen && !seen) setSeen(true);

  // Armed as the page is drawn, not after the next frame (where Preact runs useEffect): the 3 s
  // count from what the shopper sees (docs/decisions/137-preact-storefront.md).
  useLayoutEffect(() => {
    if (pages < 2 || !motion.advancing) return;
    const timer = setTimeout(
      () => setPage((p) => ((p % pages) + 1) % pages),
      VIDEO_CAROUSEL.rotateMs,
    );
    return () => clearTimeout(timer);
  }, [page, pages, motion.advancing]);

  return (
    <div ref={ref} role="region" aria-roledescription="carousel" aria-label="Videos">
      <div className="overflow-hidden" {...motion.hoverProps}>
        {/* Slides are groups (role="group", aria-roledescription="slide"), so not list items. */}
        <div
          className="flex transition-transform duration-700 ease-out"
          style={{ transform: `translateX(-${page * 100}%)` }}
          data-testid="video-track"
          data-page={page}
        >
          {videos.map((video, i) => {
            const onPage = Math.floor(i / perPage) === page;
            return (
              <div
                key={video._id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${videos.length}`}
                aria-hidden={!onPage}
                inert={!onPage}
                className="shrink-0 px-2"
                style={{ flexBasis: `${100 / perPage}%` }}
                data-testid="video-slide"
              >
                <figure>
                  <VideoTile
                    video={video}
                    playing={onPage && onScreen && !motion.stopped}
                    seen={seen}
                  />
                  {video.title && (
                    <figcaption
                      aria-hidden="true"
                      className="mt-2 line-clamp-1 text-center text-xs tracking-[0.08em] text-muted"
                    >
                      {video.title}
                    </figcaption>
                  )}
                </figure>
              </div>
            );
          })}
        </div>
      </div>
      <div className="mt-5 flex flex-wrap items-center justify-center gap-x-3 gap-y-2">
        <MotionToggle stopped={motion.stopped} onToggle={motion.toggle} what="videos" />
        {pages > 1 && (
          <div
            className="flex justify-center gap-2"
            role="group"
            aria-label="Choose videos"
            {...motion.focusProps}
          >
            {Array.from({ length: pages }, (_, p) => (
              <button
                key={p}
                type="button"
                aria-label={`Show videos ${p + 1} of ${pages}`}
                aria-current={p === page ? 'true' : undefined}
                onClick={() => setPage(p)}
                className="flex h-6 w-6 items-center justify-center"
              >
                <span
                  aria-hidden="true"
                  className={`block h-2 rounded-full transition-all ${p === page ? 'w-5 bg-ink' : 'w-2 bg-line hover:bg-muted'}`}
                />
              </button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

function VideoTile({ video, playing, seen }: { video: Video; playing: boolean; seen: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || failed) return;
    if (playing) {
      // Autoplay of a muted clip is allowed; a refusal or an interrupted play() is harmless.
      element.play()?.catch(() => undefined);
    } else if (!element.paused) {
      element.pause();
    }
  }, [playing, failed]);

  if (failed) {
    return (
      <div className="flex aspect-[4/5] items-center justify-center rounded-sm border border-line bg-line/40 text-sm text-muted">
        {VIDEO_MESSAGES.unavailable}
      </div>
    );
  }
  return (
    <video
      ref={ref}
      src={video.videoUrl}
      aria-label={video.title || 'Video'}
      muted
      loop
      playsInline
      preload={seen ? 'metadata' : 'none'}
      disablePictureInPicture
      width={480}
      height={600}
      onError={() => setFailed(true)}
      className="aspect-[4/5] h-auto w-full rounded-sm bg-line/70 object-cover"
    />
  );
}

export default VideoCarousel;
