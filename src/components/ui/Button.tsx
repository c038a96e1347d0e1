// Small button kit (Tailwind): one look for primary/secondary/text buttons, always with a visible focus ring.
import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'text' | 'danger';

const variants: Record<Variant, string> = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-700 disabled:bg-indigo-300',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400',
  text: 'text-indigo-700 hover:bg-indigo-50 disabled:text-slate-400',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300',
};

export const buttonClass = (variant: Variant = 'secondary') =>
  `inline-flex items-center gap-1 rounded px-3 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-1 disabled:cursor-not-allowed ${variants[variant]}`;

export function Button({
  variant = 'secondary',
  className = '',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type="button" {...rest} className={`${buttonClass(variant)} ${className}`} />;
}
