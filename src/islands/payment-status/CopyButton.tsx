import { useState } from 'react';

interface Props {
  value: string;
  labels: { copy: string; copied: string };
}

/** Copies a VA number or bill key; says so for screen readers too. Hidden where the Clipboard API is missing. */
export default function CopyButton({ value, labels }: Props) {
  const [copied, setCopied] = useState(false);
  if (typeof navigator !== 'undefined' && !('clipboard' in navigator)) return null;
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
