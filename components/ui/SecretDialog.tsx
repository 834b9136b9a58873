"use client";

import { useEffect, useId, useState, type ReactNode } from "react";
import { Button } from "./Button";
import { CopyButton } from "./CopyButton";
import { Dialog } from "./Dialog";
import { AlertIcon } from "./icons";

/**
 * A secret shown exactly once (a new API key, a webhook signing secret). Every way out (Done, ×,
 * Escape, backdrop) first asks whether it was copied. The key and webhook dialogs differ only in
 * these props.
 */
export function SecretDialog(props: {
  /** The secret; null keeps the dialog closed. A new value starts again from the first step. */
  secret: string | null;
  title: string;
  description: string;
  /** The amber warning's text: that this is the only time it is shown, and how it is stored. */
  warning: ReactNode;
  /** The field's label, and what stands on the label's right (e.g. the key's name). */
  label: ReactNode;
  labelAside?: ReactNode;
  /** What follows the field: how to use the secret. Its own copy buttons call `onCopied`. */
  usage: (onCopied: () => void) => ReactNode;
  confirmTitle: string;
  confirmDescription: string;
  /** The line of the confirmation step: what stays after the dialog closes. */
  confirmNote: ReactNode;
  onClose: () => void;
}) {
  const { secret } = props;
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  const fieldId = useId();

  useEffect(() => {
    setConfirming(false);
    setCopied(false);
  }, [secret]);

  return (
    <Dialog
      open={secret !== null}
      onDismiss={() => setConfirming(true)}
      hideClose={confirming}
      size="lg"
      title={confirming ? props.confirmTitle : props.title}
      description={confirming ? props.confirmDescription : props.description}
      footer={
        confirming ? (
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} autoFocus>
              Go back
            </Button>
            <Button onClick={props.onClose}>I have copied it</Button>
          </>
        ) : (
          <Button onClick={() => setConfirming(true)}>Done</Button>
        )
      }
    >
      {secret !== null && !confirming && (
        <div className="space-y-4">
          <div
            className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            role="note"
          >
            <AlertIcon className="mt-0.5 shrink-0 text-amber-600" />
            <p>{props.warning}</p>
          </div>
          <div>
            <div className="flex items-center justify-between gap-2">
              <label htmlFor={fieldId} className="min-w-0 text-sm font-medium text-slate-800">
                {props.label}
              </label>
              {props.labelAside}
            </div>
            <div className="mt-1.5 flex gap-2">
              <input
                id={fieldId}
                readOnly
                data-autofocus
                value={secret}
                onFocus={(e) => e.currentTarget.select()}
                spellCheck={false}
                className="block w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-[13px] text-slate-900 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/25"
              />
              <CopyButton text={secret} onCopied={() => setCopied(true)} />
            </div>
            {copied && <p className="mt-1.5 text-xs text-emerald-700">Copied to your clipboard.</p>}
          </div>
          {props.usage(() => setCopied(true))}
        </div>
      )}
      {confirming && <p className="text-sm text-slate-700">{props.confirmNote}</p>}
    </Dialog>
  );
}
