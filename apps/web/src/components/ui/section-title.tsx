import type { ReactNode } from 'react';

/** "LATEST COLLECTIONS": a light word, a bold word and a rule, as the shop's headings read. */
export function SectionTitle({
  light,
  bold,
  as: Tag = 'h2',
  id,
  children,
}: {
  light: string;
  bold: string;
  as?: 'h1' | 'h2' | 'h3';
  id?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6 text-center sm:mb-8">
      <Tag
        id={id}
        className="inline-flex items-center gap-3 text-xl tracking-[0.18em] uppercase sm:text-2xl"
      >
        <span className="font-serif text-muted">{light}</span>
        <span className="font-serif font-semibold text-ink">{bold}</span>
        <span aria-hidden="true" className="h-px w-8 bg-ink sm:w-12" />
      </Tag>
      {children && (
        <p className="mx-auto mt-3 max-w-xl text-sm text-muted sm:text-base">{children}</p>
      )}
    </div>
  );
}
