import { Icon, type IconProps } from '@/components/ui/icons';

/** The orders pages' own icons: kept out of the shared icon module, which ships in the first chunk. */
export const RefreshIcon = (p: IconProps) => (
  <Icon size={16} strokeWidth={1.8} {...p}>
    <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8" />
    <path d="M4 3.5V8h4.5" />
    <path d="M4 13a8 8 0 0 0 14.6 4.5L20 16" />
    <path d="M20 20.5V16h-4.5" />
  </Icon>
);

/** A ring that turns while something is under way (still for those who ask for less motion). */
export function Spinner({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 animate-spin rounded-full border-2 border-line border-t-ink motion-reduce:animate-none ${className}`}
    />
  );
}
