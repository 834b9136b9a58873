"use client";

import { useNow } from "../clock";
import { formatDateTime, formatRelative } from "./format";

/** "5 minutes ago", with the exact UTC time as its tooltip. */
export function Ago({ iso, className }: { iso: string; className?: string }) {
  const now = useNow();
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {formatRelative(iso, now)}
    </time>
  );
}
