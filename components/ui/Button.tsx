import type { ButtonHTMLAttributes } from "react";

const VARIANTS = {
  primary: "bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 disabled:bg-emerald-700/60",
  secondary:
    "border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 disabled:text-slate-400",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:bg-red-600/60",
  ghost: "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
  dangerGhost: "text-red-700 hover:bg-red-50",
  dark: "bg-slate-800 text-slate-100 ring-1 ring-inset ring-slate-700 hover:bg-slate-700",
} as const;

const SIZES = { sm: "h-8 px-3 text-sm gap-1.5", md: "h-9 px-4 text-sm gap-2" } as const;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
};

export const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600";

export function Button({
  variant = "primary",
  size = "md",
  className = "",
  type = "button",
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`inline-flex shrink-0 items-center justify-center rounded-md font-medium transition-colors disabled:cursor-not-allowed ${focusRing} ${VARIANTS[variant]} ${SIZES[size]} ${className}`}
      {...props}
    />
  );
}
