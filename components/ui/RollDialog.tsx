"use client";

import { useEffect, useState, type ReactNode } from "react";
import { Button } from "./Button";
import { Dialog } from "./Dialog";

/** The part of a TanStack Query mutation the dialog drives. */
export interface RollMutation<V, R> {
  isPending: boolean;
  error: Error | null;
  reset(): void;
  mutate(variables: V, options: { onSuccess: (rolled: R) => void }): void;
}

export interface RollChoice<C extends string> {
  value: C;
  label: string;
}

/**
 * Rolling a secret (an API key, a webhook signing secret): a new one, shown once, while the old one
 * keeps working for the chosen time. The key and webhook dialogs differ only in these props.
 */
export function RollDialog<T, C extends string, V, R>(props: {
  /** What is rolled; null keeps the dialog closed. */
  target: T | null;
  title: string;
  description: string;
  /** How the dialog names the target, above the choices. */
  subject: (target: T) => ReactNode;
  /** The question over the choices, and the radio group's name. */
  legend: string;
  name: string;
  choices: RollChoice<C>[];
  /** The choice preselected each time the dialog opens. */
  initial: C;
  /** The confirm button's text, e.g. "Roll key". */
  confirm: string;
  /** A line under the choices. */
  note?: ReactNode;
  mutation: RollMutation<V, R>;
  variables: (target: T, choice: C) => V;
  onClose: () => void;
  onRolled: (rolled: R) => void;
}) {
  const { target, mutation: roll, initial } = props;
  const [choice, setChoice] = useState<C>(initial);
  useEffect(() => {
    if (target) setChoice(initial);
  }, [target, initial]);
  const close = () => {
    if (roll.isPending) return;
    roll.reset();
    props.onClose();
  };
  return (
    <Dialog
      open={target !== null}
      onDismiss={close}
      title={props.title}
      description={props.description}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={roll.isPending} data-autofocus>
            Cancel
          </Button>
          <Button
            disabled={roll.isPending}
            onClick={() =>
              target !== null &&
              roll.mutate(props.variables(target, choice), {
                onSuccess: (rolled) => {
                  roll.reset();
                  props.onRolled(rolled);
                },
              })
            }
          >
            {roll.isPending ? "Rolling…" : props.confirm}
          </Button>
        </>
      }
    >
      {target !== null && (
        <div className="space-y-3 text-sm text-slate-700">
          {props.subject(target)}
          <fieldset>
            <legend className="font-medium text-slate-800">{props.legend}</legend>
            <div className="mt-2 space-y-1.5">
              {props.choices.map((c) => (
                <label key={c.value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={props.name}
                    value={c.value}
                    checked={choice === c.value}
                    onChange={() => setChoice(c.value)}
                    className="accent-emerald-700"
                  />
                  {c.label}
                </label>
              ))}
            </div>
          </fieldset>
          {props.note}
          {roll.error && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700">
              {roll.error.message}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
