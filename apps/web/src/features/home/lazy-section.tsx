import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` (a lazily loaded section) once its place on the page comes within
 * `margin` of the viewport, and a placeholder of `minHeight` until then. The section's code is
 * therefore not part of the home page's initial JavaScript unless the section is near the first
 * screen (docs/decisions/032).
 */
export function LazySection({
  name,
  minHeight,
  margin = '800px',
  children,
}: {
  name: string;
  minHeight: string;
  margin?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);

  const placeholder = <div aria-hidden="true" style={{ minHeight }} />;
  return (
    <div ref={ref} data-testid={`lazy-${name}`}>
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}
