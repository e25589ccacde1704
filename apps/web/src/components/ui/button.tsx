import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'inline' | 'link';
/**
 * sm: the compact uppercase buttons of /admin and dialogs; md: a page's call to action or retry
 * (empty states, load errors); block: the full-width buttons of the account forms.
 */
export type ButtonSize = 'sm' | 'md' | 'block';

// Whole class strings (Tailwind finds them only as written). The looks that exist and no others:
// docs/decisions/104-shared-ui-primitives.md.
const LOOKS: Record<ButtonVariant, Partial<Record<ButtonSize, string>> & { sm: string }> = {
  primary: {
    sm: 'inline-flex items-center justify-center gap-2 bg-ink px-5 py-2.5 text-xs font-medium tracking-[0.16em] text-paper uppercase transition-colors hover:bg-accent-dark disabled:cursor-wait disabled:opacity-60',
    md: 'bg-ink px-8 py-3.5 text-sm font-medium tracking-[0.16em] text-paper hover:bg-accent-dark',
    block:
      'w-full bg-ink px-6 py-3.5 text-sm font-medium tracking-[0.18em] text-paper transition-colors hover:bg-accent-dark disabled:cursor-wait disabled:opacity-70',
  },
  secondary: {
    sm: 'inline-flex items-center justify-center gap-2 border border-ink px-4 py-2 text-xs font-medium tracking-[0.14em] text-ink uppercase transition-colors hover:bg-ink hover:text-paper disabled:cursor-wait disabled:opacity-60',
    md: 'border border-ink px-6 py-2.5 text-sm tracking-[0.14em] hover:bg-ink hover:text-paper',
    block:
      'w-full border border-ink px-6 py-3 text-sm font-medium tracking-[0.16em] text-ink transition-colors hover:bg-ink hover:text-paper',
  },
  danger: {
    sm: 'inline-flex items-center justify-center gap-2 border border-accent px-4 py-2 text-xs font-medium tracking-[0.14em] text-accent uppercase transition-colors hover:bg-accent hover:text-paper disabled:cursor-wait disabled:opacity-60',
  },
  /** The small button inside a field row (Send OTP, Verify OTP). */
  inline: {
    sm: 'shrink-0 border border-ink px-3 py-2.5 text-xs font-medium tracking-[0.12em] whitespace-nowrap text-ink transition-colors hover:bg-ink hover:text-paper disabled:cursor-wait disabled:opacity-60 sm:px-4',
  },
  link: { sm: 'text-sm text-muted underline underline-offset-4 hover:text-ink' },
};

/** The classes of a button look, for a <Link> or <a> that looks like a button. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'sm'): string {
  const looks = LOOKS[variant];
  return looks[size] ?? looks.sm;
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** React 19 passes a ref as a prop: a screen can move focus to the button. */
  ref?: Ref<HTMLButtonElement>;
  variant?: ButtonVariant;
  size?: ButtonSize;
};

/**
 * The storefront's button. `className` adds layout only (margins, width); the look comes from
 * variant and size. type defaults to "button" so no button submits a form by accident.
 */
export function Button({
  variant = 'primary',
  size = 'sm',
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  const look = buttonClass(variant, size);
  return <button type={type} className={className ? `${className} ${look}` : look} {...props} />;
}
