import { useState, type FocusEvent } from 'react';
import { usePrefersReducedMotion } from './use-media-query';

/**
 * Whether the home page's moving sections (the video carousel, the reviews slider) may move, and
 * the shopper's say in it (WCAG 2.2.2; docs/decisions/143-accessibility-checks.md):
 * - `stopped`: the shopper pressed Pause, or asks for reduced motion and has not pressed Play;
 * - `advancing`: the section may move on by itself — not stopped, the pointer not over it, keyboard
 *   focus not inside it, and never under reduced motion (there Play only starts the clips).
 * A dot clicked with the mouse takes focus without `:focus-visible`, so it does not hold the section:
 * the dot's own hold (docs/product.md §4) is what applies then.
 */
export function useMotionControl() {
  const reducedMotion = usePrefersReducedMotion();
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const stopped = choice === 'pause' || (choice === null && reducedMotion);
  return {
    reducedMotion,
    stopped,
    advancing: !stopped && !reducedMotion && !hovered && !focused,
    toggle: () => setChoice(stopped ? 'play' : 'pause'),
    /** On the part that moves: the pointer over it holds it. */
    hoverProps: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
    },
    /** On the parts that take focus (the dots), not on the toggle itself. */
    focusProps: {
      onFocus: (event: FocusEvent) => setFocused(keyboardFocus(event.target)),
      onBlur: (event: FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}

function keyboardFocus(target: EventTarget): boolean {
  try {
    return (target as Element).matches(':focus-visible');
  } catch {
    // A DOM without the selector (older engines): count every focus.
    return true;
  }
}

/** The visible Pause/Play button; its name says what it pauses ("Pause videos"). */
export function MotionToggle({
  stopped,
  onToggle,
  what,
}: {
  stopped: boolean;
  onToggle: () => void;
  what: string;
}) {
  return (
    <button
      type="button"
      onClick={onToggle}
      className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full border border-field bg-paper px-3 text-xs font-semibold tracking-[0.12em] text-ink uppercase hover:bg-line/60"
      data-testid="motion-toggle"
    >
      <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" fill="currentColor">
        {stopped ? <path d="M2.5 1.5v9l8-4.5z" /> : <path d="M2 1.5h3v9H2zM7 1.5h3v9H7z" />}
      </svg>
      {stopped ? 'Play' : 'Pause'} <span className="sr-only">{what}</span>
    </button>
  );
}
