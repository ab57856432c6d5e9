import type { Sound } from '@tradedesk/domain';
import { apiUrl } from '../../../lib/api-client';

/** Plays a notification sound from GET /api/sound?type=… ; a blocked autoplay is not an error. */
export function playSound(sound: Sound): void {
  const audio = new Audio(apiUrl('sound', '', { type: sound }));
  void audio.play().catch(() => undefined);
}
