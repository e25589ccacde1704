import type { ReactNode } from 'react';
import { useDocumentMeta } from '@/lib/document-meta';

/** The policies' "last updated" date: change it with the text. */
export const POLICIES_UPDATED = '24 November 2026';

/** The frame every information page shares: a heading block, then readable sections. */
export function InfoLayout({
  eyebrow,
  title,
  metaTitle,
  description,
  intro,
  updated,
  children,
}: {
  eyebrow: string;
  title: string;
  metaTitle: string;
  description: string;
  intro: ReactNode;
  updated?: string;
  children: ReactNode;
}) {
  useDocumentMeta(metaTitle, description);
  return (
    <article className="container-shop pt-10 sm:pt-14">
      <header className="mx-auto max-w-3xl border-b border-line pb-8 text-center">
        <p className="text-xs font-semibold tracking-[0.28em] text-accent uppercase">{eyebrow}</p>
        <h1 className="mt-3 font-serif text-3xl leading-tight sm:text-4xl">{title}</h1>
        <div className="mx-auto mt-4 max-w-2xl leading-relaxed text-muted">{intro}</div>
        {updated && <p className="mt-4 text-xs text-muted">Last updated: {updated}</p>}
      </header>
      <div className="mx-auto max-w-3xl">{children}</div>
    </article>
  );
}

export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-b border-line py-7 last:border-b-0">
      <h2 className="font-serif text-xl text-ink sm:text-2xl">{title}</h2>
      <div className="mt-3 space-y-3 leading-relaxed text-ink/85 [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-2 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1.5">
        {children}
      </div>
    </section>
  );
}
