import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { DEMO_VIDEOS, MEDIA_VIDEOS_PATH, VIDEO_CAROUSEL } from '@vastra/shared/constants';
import { ApiError } from '@/lib/api-client';
import { setViewportWidth, stubClient } from './test-media';
import { VideoCarousel } from './video-carousel';

const clips = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    _id: `v${i + 1}`,
    videoUrl: `/media/videos/clip-${i + 1}.webm`,
    title: `Clip ${i + 1}`,
  }));

/** The slides a shopper can see: those not hidden from the page. */
const shownTitles = () =>
  screen
    .getAllByTestId('video-slide')
    .filter((slide) => slide.getAttribute('aria-hidden') !== 'true')
    .map((slide) => slide.querySelector('video')?.getAttribute('aria-label') ?? slide.textContent);

async function settle() {
  await act(async () => {
    await Promise.resolve();
  });
}

beforeEach(() => setViewportWidth(1280));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('<VideoCarousel>', () => {
  it('shows 4 clips per page at 1024 px and wider, muted, inline, looping, not preloaded', async () => {
    setViewportWidth(1024);
    render(<VideoCarousel client={stubClient({ success: true, videos: clips(4) })} />);
    await screen.findAllByTestId('video-slide');
    expect(shownTitles()).toEqual(['Clip 1', 'Clip 2', 'Clip 3', 'Clip 4']);
    const video = screen.getByLabelText('Clip 1') as HTMLVideoElement;
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.getAttribute('preload')).toBe('none');
    expect(video.getAttribute('src')).toBe('/media/videos/clip-1.webm');
    // One page only: no page buttons.
    expect(screen.queryByRole('group', { name: 'Choose videos' })).toBeNull();
  });

  it('shows 1 clip per page below 1024 px, turning the page every 3 s and wrapping', async () => {
    vi.useFakeTimers();
    setViewportWidth(1023);
    render(<VideoCarousel client={stubClient({ success: true, videos: clips(4) })} />);
    await settle();
    expect(shownTitles()).toEqual(['Clip 1']);
    act(() => vi.advanceTimersByTime(VIDEO_CAROUSEL.rotateMs - 1));
    expect(shownTitles()).toEqual(['Clip 1']);
    act(() => vi.advanceTimersByTime(1));
    expect(shownTitles()).toEqual(['Clip 2']);
    act(() => vi.advanceTimersByTime(3000));
    act(() => vi.advanceTimersByTime(3000));
    expect(shownTitles()).toEqual(['Clip 4']);
    act(() => vi.advanceTimersByTime(3000));
    expect(shownTitles()).toEqual(['Clip 1']);
  });

  it('pages through more than 4 clips 4 at a time on a wide screen, and the dots choose a page', async () => {
    vi.useFakeTimers();
    render(<VideoCarousel client={stubClient({ success: true, videos: clips(6) })} />);
    await settle();
    expect(shownTitles()).toEqual(['Clip 1', 'Clip 2', 'Clip 3', 'Clip 4']);
    act(() => vi.advanceTimersByTime(3000));
    expect(shownTitles()).toEqual(['Clip 5', 'Clip 6']);
    act(() => vi.advanceTimersByTime(3000));
    expect(shownTitles()).toEqual(['Clip 1', 'Clip 2', 'Clip 3', 'Clip 4']);
    const dots = within(screen.getByRole('group', { name: 'Choose videos' })).getAllByRole(
      'button',
    );
    expect(dots).toHaveLength(2);
    fireEvent.click(dots[1]!);
    expect(shownTitles()).toEqual(['Clip 5', 'Clip 6']);
    expect(dots[1]!.getAttribute('aria-current')).toBe('true');
  });

  it("on a failed request shows the error, 'Showing demo videos instead' and the four demo clips", async () => {
    const failure = new ApiError('http', 'Database is asleep', {
      status: 500,
      serverMessage: 'Database is asleep',
    });
    render(<VideoCarousel client={stubClient(failure)} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading videos: Database is asleep');
    expect(alert.textContent).toContain('Showing demo videos instead');
    const sources = screen
      .getAllByTestId('video-slide')
      .map((s) => s.querySelector('video')?.getAttribute('src'));
    expect(sources).toEqual(DEMO_VIDEOS.map((clip) => `${MEDIA_VIDEOS_PATH}${clip.file}`));
  });

  it("says 'No videos found.' for an empty list", async () => {
    render(<VideoCarousel client={stubClient({ success: true, videos: [] })} />);
    await screen.findByText('No videos found.');
    expect(screen.queryAllByTestId('video-slide')).toHaveLength(0);
  });

  it("replaces a clip that cannot play with 'Video unavailable'", async () => {
    render(<VideoCarousel client={stubClient({ success: true, videos: clips(4) })} />);
    const broken = await screen.findByLabelText('Clip 2');
    fireEvent.error(broken);
    expect(screen.getByText('Video unavailable')).toBeTruthy();
    expect(screen.queryByLabelText('Clip 2')).toBeNull();
    expect(screen.getByLabelText('Clip 3')).toBeTruthy();
  });

  it('does not move on its own for visitors who ask for reduced motion', async () => {
    vi.useFakeTimers();
    setViewportWidth(600, { reducedMotion: true });
    render(<VideoCarousel client={stubClient({ success: true, videos: clips(3) })} />);
    await settle();
    act(() => vi.advanceTimersByTime(10_000));
    expect(shownTitles()).toEqual(['Clip 1']);
  });

  it('PAUSE stops the page turning until PLAY (docs/decisions/143)', async () => {
    vi.useFakeTimers();
    setViewportWidth(600);
    render(<VideoCarousel client={stubClient({ success: true, videos: clips(3) })} />);
    await settle();
    const toggle = screen.getByRole('button', { name: 'Pause videos' });
    fireEvent.click(toggle);
    expect(toggle.textContent).toContain('Play');
    act(() => vi.advanceTimersByTime(10_000));
    expect(shownTitles()).toEqual(['Clip 1']);
    fireEvent.click(screen.getByRole('button', { name: 'Play videos' }));
    act(() => vi.advanceTimersByTime(VIDEO_CAROUSEL.rotateMs));
    expect(shownTitles()).toEqual(['Clip 2']);
  });

  it('holds the page while keyboard focus is on a page button or the pointer is over the clips', async () => {
    vi.useFakeTimers();
    setViewportWidth(600);
    render(<VideoCarousel client={stubClient({ success: true, videos: clips(3) })} />);
    await settle();
    // A keyboard user: the key press makes the focus that follows :focus-visible.
    fireEvent.keyDown(document.body, { key: 'Tab' });
    act(() => screen.getByRole('button', { name: 'Show videos 1 of 3' }).focus());
    act(() => vi.advanceTimersByTime(10_000));
    expect(shownTitles()).toEqual(['Clip 1']);
    act(() => screen.getByRole('button', { name: 'Pause videos' }).focus());
    act(() => vi.advanceTimersByTime(VIDEO_CAROUSEL.rotateMs));
    expect(shownTitles()).toEqual(['Clip 2']);
    fireEvent.mouseEnter(screen.getByTestId('video-track').parentElement!);
    act(() => vi.advanceTimersByTime(10_000));
    expect(shownTitles()).toEqual(['Clip 2']);
    fireEvent.mouseLeave(screen.getByTestId('video-track').parentElement!);
    act(() => vi.advanceTimersByTime(VIDEO_CAROUSEL.rotateMs));
    expect(shownTitles()).toEqual(['Clip 3']);
  });

  it('under reduced motion offers PLAY, and even then never turns the page by itself', async () => {
    vi.useFakeTimers();
    setViewportWidth(600, { reducedMotion: true });
    render(<VideoCarousel client={stubClient({ success: true, videos: clips(3) })} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Play videos' }));
    expect(screen.getByRole('button', { name: 'Pause videos' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(10_000));
    expect(shownTitles()).toEqual(['Clip 1']);
  });
});
