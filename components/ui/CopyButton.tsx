"use client";

import { useEffect, useState } from "react";
import { Button, type ButtonProps } from "./Button";
import { CheckIcon, CopyIcon } from "./icons";

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (or an insecure origin): fall back to a hidden textarea.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

export function CopyButton({
  text,
  label = "Copy",
  onCopied,
  ...props
}: { text: string; label?: string; onCopied?: () => void } & ButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <Button
      variant="secondary"
      {...props}
      onClick={async () => {
        if (await copyText(text)) {
          setCopied(true);
          onCopied?.();
        }
      }}
    >
      {copied ? (
        <CheckIcon width={16} height={16} className="text-emerald-600" />
      ) : (
        <CopyIcon width={16} height={16} />
      )}
      <span aria-live="polite">{copied ? "Copied" : label}</span>
    </Button>
  );
}
