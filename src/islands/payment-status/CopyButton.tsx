import { useState } from 'react';
import { useHydrated } from '../shared/use-hydrated.ts';

interface Props {
  value: string;
  labels: { copy: string; copied: string };
}

/**
 * Copies a VA number, company code or amount; says so for screen readers too. Without script it renders nothing (a
 * button that does nothing helps no one), so the island hydrates on idle rather than when visible: an empty island
 * has no size and would never become visible. Hidden where the Clipboard API is missing (plain-HTTP pages).
 */
export default function CopyButton({ value, labels }: Props) {
  const [copied, setCopied] = useState(false);
  const hydrated = useHydrated();
  if (!hydrated || !('clipboard' in navigator)) return null;
  return (
    <button
      type="button"
      className="btn rounded-full shadow-none btn-primary btn-sm"
      onClick={() => {
        void navigator.clipboard.writeText(value).then(() => {
          setCopied(true);
          setTimeout(() => {
            setCopied(false);
          }, 2000);
        });
      }}
    >
      <span aria-live="polite">{copied ? labels.copied : labels.copy}</span>
    </button>
  );
}
