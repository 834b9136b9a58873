import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";

/** The inputs' look: a red border once the field is marked invalid (aria-invalid). */
export const inputClass =
  "mt-1.5 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm placeholder:text-slate-500 focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/25 aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-red-600/20";

/** The id of the message under the input `id` (useFormErrors points aria-describedby at it). */
export const errorIdOf = (id: string) => `${id}-error`;

/** A field's problem, under it, in red; nothing when there is none. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={errorIdOf(id)} className="mt-1 text-sm text-red-700 [overflow-wrap:anywhere]">
      {message}
    </p>
  );
}

/**
 * A labelled input with an optional hint and its problem under it. With useFormErrors, spread
 * `form.field(name)` on it and pass `error={form.errors[name]}`: the input is marked invalid and
 * described by the message.
 */
export function Field({
  label,
  hint,
  error,
  id: givenId,
  ref,
  ...input
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
} & InputHTMLAttributes<HTMLInputElement>) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorIdOf(id) : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        className={inputClass}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={id} message={error} />
    </div>
  );
}
