"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { Skeleton } from "./States";

/**
 * Renders `children` once the placeholder comes within 200 px of the viewport, and keeps them.
 * For below-the-fold parts whose script is large (the Usage charts: recharts is 110 KiB on the
 * wire): a phone that never scrolls to them never downloads or runs it. The placeholder has the
 * part's height (`className`), so nothing moves when it arrives.
 */
export function WhenVisible({ className, children }: { className: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        setSeen(true);
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  if (seen) return children;
  return (
    <div ref={ref}>
      <Skeleton className={className} />
    </div>
  );
}
