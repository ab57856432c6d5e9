import { describe, expect, it } from 'vitest';
import { readSimEnv } from './env.js';

describe('standalone sim environment', () => {
  it('defaults to port 8090, seed 1 and no admin key', () => {
    expect(readSimEnv({})).toEqual({ env: { SIM_PORT: 8090, SIM_SEED: 1, SIM_HOST: '127.0.0.1' } });
  });

  it('reads port, seed and admin key', () => {
    expect(readSimEnv({ SIM_PORT: '0', SIM_SEED: '42', SIM_ADMIN_KEY: 'long-enough-key' })).toEqual({
      env: { SIM_PORT: 0, SIM_SEED: 42, SIM_ADMIN_KEY: 'long-enough-key', SIM_HOST: '127.0.0.1' },
    });
  });

  it('explains bad values', () => {
    expect(readSimEnv({ SIM_PORT: 'abc', SIM_ADMIN_KEY: 'short' })).toEqual({
      errors: [
        'Invalid SIM_PORT: Expected number, received nan',
        'Invalid SIM_ADMIN_KEY: SIM_ADMIN_KEY must be at least 8 characters',
      ],
    });
    expect(readSimEnv({ SIM_PORT: '70000' })).toEqual({
      errors: ['Invalid SIM_PORT: Number must be less than or equal to 65535'],
    });
  });
});
