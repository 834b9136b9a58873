"use client";

import { Button } from "../ui/Button";

/** Keys per page: 50 keys as one list made 200+ Tab stops (four actions each); 20 keep it short. */
export const KEYS_PAGE_SIZE = 20;

export function KeysPager({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.ceil(total / KEYS_PAGE_SIZE);
  if (pages <= 1) return null;
  const first = page * KEYS_PAGE_SIZE + 1;
  const last = Math.min(total, first + KEYS_PAGE_SIZE - 1);
  return (
    <nav
      aria-label="Key pages"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm sm:px-5"
    >
      <p className="text-slate-600" aria-live="polite">
        {first}–{last} of {total} keys
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
