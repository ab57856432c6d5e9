export { buildApp, type App, type BuildAppOptions } from './app.js';
export { envSchema, parseEnv, type Env } from './config/env.js';
export { openDatabase, type Database, type Db } from './db/client.js';
