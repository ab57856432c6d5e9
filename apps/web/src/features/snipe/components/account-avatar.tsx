import { useState } from 'react';

/** The account's club badge; a placeholder while it loads, when missing, or when it fails. */
export function AccountAvatar({ imageUrl, username }: { imageUrl: string; username: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const showImage = imageUrl !== '' && state !== 'failed';
  return (
    <div className="avatar">
      <div className="bg-base-300 relative size-10 rounded-full">
        {(!showImage || state === 'loading') && (
          <span className="skeleton absolute inset-0 rounded-full" aria-label="Avatar placeholder" />
        )}
        {showImage && (
          <img
            src={imageUrl}
            alt={`${username || 'Account'} avatar`}
            className={state === 'loaded' ? '' : 'opacity-0'}
            onLoad={() => setState('loaded')}
            onError={() => setState('failed')}
          />
        )}
      </div>
    </div>
  );
}
