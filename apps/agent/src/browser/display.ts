import { spawn, type ChildProcess } from 'node:child_process';

/** An X display a headed Chromium can open windows on. */
export interface Display {
  /** The `DISPLAY` value, e.g. `:0` or `:99`. */
  readonly name: string;
  /** `this machine` (a desktop the user sees) or `virtual` (an Xvfb the agent started on its host). */
  readonly kind: 'desktop' | 'virtual';
  /** Gives the display back; the last holder of a virtual display stops its Xvfb. */
  release(): Promise<void>;
}

export interface DisplayOptions {
  /** Default `process.env.DISPLAY`; set ⇒ that desktop is used and no Xvfb starts. */
  readonly display?: string | undefined;
  /** Default XVFB_PATH or /usr/bin/Xvfb. */
  readonly xvfbPath?: string;
  /** Screen of the virtual display. */
  readonly screen?: string;
}

const START_TIMEOUT_MS = 15_000;

let shared: { process: ChildProcess; name: Promise<string>; holders: number } | undefined;

/**
 * Provides a display for headed browsers: the desktop's `DISPLAY` when there is one, otherwise one
 * Xvfb per agent process, shared by every headful session and Launch Webapp window and stopped
 * when the last one releases it.
 */
export async function acquireDisplay(options: DisplayOptions = {}): Promise<Display> {
  const desktop = 'display' in options ? options.display : process.env.DISPLAY;
  if (desktop) return { name: desktop, kind: 'desktop', release: async () => undefined };
  shared ??= startXvfb(options);
  const current = shared;
  current.holders += 1;
  let released = false;
  const release = async (): Promise<void> => {
    if (released) return;
    released = true;
    current.holders -= 1;
    if (current.holders > 0 || shared !== current) return;
    shared = undefined;
    await stop(current.process);
  };
  try {
    return { name: await current.name, kind: 'virtual', release };
  } catch (error) {
    await release();
    throw error;
  }
}

function startXvfb(options: DisplayOptions): NonNullable<typeof shared> {
  // `-displayfd` makes Xvfb pick a free display number and write it to fd 3 once it accepts clients.
  const child = spawn(
    options.xvfbPath ?? process.env.XVFB_PATH ?? '/usr/bin/Xvfb',
    ['-displayfd', '3', '-screen', '0', options.screen ?? '1366x900x24', '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] },
  );
  const name = new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => fail(new Error('Xvfb did not start in time')), START_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      if (shared?.process === child) shared = undefined;
      reject(error);
    };
    child.once('error', (error) => fail(new Error(`Xvfb could not start: ${error.message}`)));
    child.once('exit', (code) => fail(new Error(`Xvfb exited (${String(code)})`)));
    child.stdio[3]?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = /^(\d+)\n/.exec(text);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.once('exit', () => {
        if (shared?.process === child) shared = undefined;
      });
      resolve(`:${match[1]}`);
    });
  });
  name.catch(() => undefined);
  return { process: child, name, holders: 0 };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
