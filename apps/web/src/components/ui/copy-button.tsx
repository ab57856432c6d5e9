import { COPY_CONFIRMATION_MS } from '@tradedesk/domain';
import { useEffect, useState } from 'react';

/**
 * Copies `text` to the clipboard and says 'Copied!' for the spec's 2.5 s (001 §2). `what` names
 * what is copied for assistive technology ('Copy licence token', then 'Copied licence token').
 */
export function CopyButton({
  text,
  what,
  className = 'btn',
}: {
  text: string | undefined;
  what?: string;
  className?: string;
}) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);
  const copy = async () => {
    if (!text) return;
    // A refused clipboard (insecure origin, denied permission) leaves the text to select by hand.
    const isWritten = await navigator.clipboard?.writeText(text).then(
      () => true,
      () => false,
    );
    if (isWritten) setIsCopied(true);
  };
  return (
    <button
      type="button"
      className={className}
      disabled={!text}
      aria-label={what === undefined ? undefined : `${isCopied ? 'Copied' : 'Copy'} ${what}`}
      onClick={() => void copy()}
    >
      {isCopied ? 'Copied!' : 'Copy'}
    </button>
  );
}
