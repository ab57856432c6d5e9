import { useSearchParams } from 'react-router';

/** `?iframe=true` embeds the page: no navigation bar, no footer, no periodic session check (spec §2). */
export function useIsIFrame(): boolean {
  const [searchParams] = useSearchParams();
  return searchParams.get('iframe') === 'true';
}
