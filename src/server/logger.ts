/**
 * The server's logger. In a terminal (or with LOG_FORMAT=pretty) lines are for people: time,
 * level and message, objects indented below. Otherwise (LOG_FORMAT=json, or output to a file or a
 * log collector) one JSON object per line, as pino writes it.
 */
import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';

import type { Config } from './config.js';

export function serverLogger(config: Pick<Config, 'logLevel' | 'logFormat'>): Logger {
  const level = config.logLevel;
  if ((config.logFormat ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'json') return pino({ level });
  return pino({ level }, pretty({ colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true }));
}
