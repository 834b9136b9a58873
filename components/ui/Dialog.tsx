"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { XIcon } from "./icons";

interface DialogProps {
  open: boolean;
  /** Escape, the close button and a backdrop click all come here; the parent decides. */
  onDismiss: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Hides the corner close button (for steps that must be answered). */
  hideClose?: boolean;
  size?: "md" | "lg";
  /** "drawer": full height at the right edge (details panels); default a centred modal. */
  placement?: "center" | "drawer";
}

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page behind inert, restores
 * focus on close and puts it in the top layer. Escape is routed to onDismiss so a parent can ask
 * for confirmation first (the display-once key dialog does).
 */
export function Dialog({
  open,
  onDismiss,
  title,
  description,
  children,
  footer,
  hideClose,
  size = "md",
  placement = "center",
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const openRef = useRef(open);
  const titleId = useId();
  const descriptionId = useId();
  openRef.current = open;

  // On close (or unmount, when the parent drops the dialog), focus goes back to the opener, or to
  // the page's heading when the opener is gone (a removed row): never to <body>. A later frame, so
  // a parent that put focus somewhere itself (the keys list heading) is left alone.
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (active && active !== document.body && active.isConnected) return;
        if (opener?.isConnected && opener !== document.body) return opener.focus();
        const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector("h1");
        if (!heading) return;
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        heading.focus();
      });
    };
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first focusable element (the × button); prefer the one marked for it.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
      onClose={() => {
        // Chromium may close a dialog on a repeated Escape even when "cancel" was prevented; if the
        // parent still wants it open, put it back and let the parent handle the dismissal.
        if (openRef.current && ref.current && !ref.current.open) {
          ref.current.showModal();
          onDismiss();
        }
      }}
      onMouseDown={(event) => {
        if (event.target === ref.current) onDismiss();
      }}
      className={`${
        placement === "drawer"
          ? "my-0 ml-auto mr-0 h-dvh max-h-dvh w-full max-w-xl rounded-none"
          : `m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${size === "lg" ? "max-w-xl" : "max-w-md"} rounded-xl`
      } overflow-hidden bg-white p-0 text-slate-900 shadow-2xl ring-1 ring-slate-900/10 backdrop:bg-slate-950/50 backdrop:backdrop-blur-[2px]`}
    >
      {open && (
        // Header and footer stay put and only the body scrolls, so the primary button is always in view
        // (Create and Edit key put Save below the fold at 1280x800 and 390x844).
        <div className={`flex flex-col ${placement === "drawer" ? "h-dvh" : "max-h-[calc(100dvh-2rem)]"}`}>
          <div className="flex shrink-0 items-start justify-between gap-4 px-6 pt-5">
            <div>
              <h2 id={titleId} className="text-base font-semibold text-slate-900">
                {title}
              </h2>
              {description && (
                <div id={descriptionId} className="mt-1 text-sm text-slate-600">
                  {description}
                </div>
              )}
            </div>
            {!hideClose && (
              <button
                type="button"
                onClick={onDismiss}
                aria-label="Close"
                className="-mr-2 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-600"
              >
                <XIcon />
              </button>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-4" data-dialog-body>
            {children}
          </div>
          {footer && (
            <div className="flex shrink-0 flex-wrap justify-end gap-2 border-t border-slate-100 bg-slate-50 px-6 py-3">
              {footer}
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}
