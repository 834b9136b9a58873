"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { ApiRequestError } from "../hooks/useApi";
import { errorIdOf } from "./Field";

type Problems<F extends string> = Partial<Record<F, string>>;

/** What an input of the form takes: its id, the element for focus, and its invalid marking. */
export interface FieldProps {
  id: string;
  ref: (element: HTMLElement | null) => void;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  onInput: () => void;
}

/**
 * The one form-error mechanism of the dashboard: each problem is shown under its field (which is
 * marked aria-invalid and described by it), focus moves to the first invalid field in page order
 * (opening a closed <details> around it), and nothing typed is cleared. A problem of no field of
 * the form (403, 409, a throttle) is the form's own message (`<FormAlert>`), focused the same way.
 */
export function useFormErrors<F extends string>(aliases: Partial<Record<string, F>> = {}) {
  const base = useId();
  const [errors, setErrors] = useState<Problems<F>>({});
  const [general, setGeneral] = useState("");
  const [focusRequest, setFocusRequest] = useState(0);
  const elements = useRef(new Map<string, HTMLElement>());
  const generalRef = useRef<HTMLParagraphElement | null>(null);
  const aliasRef = useRef(aliases);
  aliasRef.current = aliases;

  const idOf = useCallback((name: F) => `${base}-${name}`, [base]);

  useEffect(() => {
    if (!focusRequest) return;
    const invalid = [...elements.current.entries()]
      .filter(([name]) => errors[name as F])
      .map(([, element]) => element)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    const target = invalid[0] ?? generalRef.current;
    if (!target) return;
    const details = target.closest("details");
    if (details && !details.open) details.open = true;
    target.focus();
    target.scrollIntoView({ block: "center" });
    // Only a new submission asks again: typing in another field must not pull focus back.
  }, [focusRequest]); // eslint-disable-line react-hooks/exhaustive-deps

  /** Shows the problems (and the form's own message) and moves focus to the first. */
  const fail = useCallback((problems: Problems<F>, message = "") => {
    setErrors(problems);
    setGeneral(message);
    setFocusRequest((n) => n + 1);
  }, []);

  /** A failed request: under its field when the server named one of this form's, else the form's. */
  const failWith = useCallback(
    (error: unknown) => {
      const message = error instanceof Error ? error.message : "Something went wrong. Try again.";
      const named = error instanceof ApiRequestError && error.field ? error.field : null;
      const field = named ? (aliasRef.current[named] ?? (named as F)) : null;
      if (field && elements.current.has(field)) fail({ [field]: message } as Problems<F>);
      else fail({}, message);
    },
    [fail],
  );

  /**
   * A request schema's problems (checkedBy in ./schemaProblems.ts), checked before sending: each
   * under its field, one of no field of this form as the form's own message.
   */
  const failChecked = useCallback(
    (problems: Record<string, string>) => {
      const fields: Problems<F> = {};
      let other = "";
      for (const [name, message] of Object.entries(problems)) {
        const field = aliasRef.current[name] ?? name;
        if (elements.current.has(field)) fields[field as F] = message;
        else other ||= message;
      }
      fail(fields, other);
    },
    [fail],
  );

  const clear = useCallback(() => {
    setErrors({});
    setGeneral("");
  }, []);

  const field = (name: F): FieldProps => ({
    id: idOf(name),
    ref: (element) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? errorIdOf(idOf(name)) : undefined,
    // The message stays until the field is changed (or the form is sent again).
    onInput: () =>
      setErrors((current) => {
        if (!current[name]) return current;
        const next = { ...current };
        delete next[name];
        return next;
      }),
  });

  return { errors, general, generalRef, field, idOf, fail, failWith, failChecked, clear };
}

export type FormErrors<F extends string> = ReturnType<typeof useFormErrors<F>>;

/** The form's own problem (no field of it is wrong): a focusable alert where the form starts. */
export function FormAlert({
  form,
}: {
  form: { general: string; generalRef: FormErrors<string>["generalRef"] };
}) {
  return (
    <p
      ref={form.generalRef}
      tabIndex={-1}
      role="alert"
      className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 empty:hidden focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600/40"
    >
      {form.general}
    </p>
  );
}
