import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler.js';
import { conflict, internal } from './errors.js';

function appWithLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger: FastifyBaseLogger = pino({ level: 'info' }, stream);
  const app = Fastify({ loggerInstance: logger });
  installErrorHandler(app);
  return { app, lines };
}

describe('error handler', () => {
  it('hides the text of unexpected errors and logs them with the request', async () => {
    const { app, lines } = appWithLog();
    app.get('/boom', async () => {
      throw new Error('connection to 10.0.0.5 refused');
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong, please try again later' });
    const logged = lines.join('');
    expect(logged).toContain('connection to 10.0.0.5 refused');
    expect(logged).toContain('/boom');
  });

  it('hides reportable app errors too', async () => {
    const { app } = appWithLog();
    app.get('/internal', async () => {
      throw internal('secret detail');
    });
    expect((await app.inject({ method: 'GET', url: '/internal' })).json()).toEqual({
      message: 'Something went wrong, please try again later',
    });
  });

  it('shows expected errors with their status, message and extra fields', async () => {
    const { app } = appWithLog();
    app.get('/busy', async () => {
      throw conflict('This account is signed in on another device', 'active_session', {
        code: 'active_session',
      });
    });
    const response = await app.inject({ method: 'GET', url: '/busy' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'This account is signed in on another device',
      code: 'active_session',
    });
  });
});
