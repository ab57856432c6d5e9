import { describe, expect, it, vi } from 'vitest';
import { connectSnipeSocket, sendSnipeAction } from './snipe-socket';

const socket = vi.hoisted(() => {
  const handlers = new Map<string, () => void>();
  return {
    connected: false,
    emit: vi.fn(),
    on: (event: string, handler: () => void) => handlers.set(event, handler),
    fire: (event: string) => handlers.get(event)?.(),
  };
});
const io = vi.hoisted(() => vi.fn(() => socket));
vi.mock('socket.io-client', () => ({ io }));

describe('the /client/snipe connection', () => {
  it('authenticates as a web client with the licence token and joins on every connect', () => {
    connectSnipeSocket('licence-token');
    expect(io).toHaveBeenCalledWith(
      expect.objectContaining({
        path: '/client/snipe',
        auth: { token: 'licence-token', clientType: 'web' },
        withCredentials: true,
        forceNew: true,
      }),
    );
    socket.fire('connect');
    socket.fire('connect');
    expect(socket.emit.mock.calls).toEqual([['join'], ['join']]);
  });

  it('sends an action only while connected', () => {
    socket.emit.mockClear();
    socket.connected = false;
    expect(sendSnipeAction(socket as never, 'snipe-stop', { id: 'a' })).toBe(false);
    expect(sendSnipeAction(null, 'snipe-stop', { id: 'a' })).toBe(false);
    expect(socket.emit).not.toHaveBeenCalled();
    socket.connected = true;
    expect(sendSnipeAction(socket as never, 'snipe-stop', { id: 'a' })).toBe(true);
    expect(socket.emit).toHaveBeenCalledWith('message', { action: 'snipe-stop', data: { id: 'a' } });
  });
});
