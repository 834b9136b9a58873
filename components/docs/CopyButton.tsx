"use client";

import { useState } from "react";

/** Copies `text`; falls back to a hidden textarea where the Clipboard API is unavailable (plain http). */
export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const area = document.createElement("textarea");
      area.value = text;
      document.body.appendChild(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={`${label}: ${text}`}
      className="shrink-0 rounded border border-slate-600 px-2 py-1 text-xs font-medium text-slate-200 hover:bg-slate-700"
    >
      {copied ? "Copied" : label}
    </button>
  );
}
