/**
 * `npm start` compiles the server again only when one of SERVER_SOURCES is newer than its last
 * build (bin/build-server.mjs): every file the compiled server is made of must lie in one of them,
 * or a change to it (a fix to the REST, GraphQL or /channel adapters in src/compat) never reaches
 * the server that runs.
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { SERVER_SOURCES } from '../../bin/build-server.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the compiled server (bin/build-server.mjs)', () => {
  test('is rebuilt when any of its own source files changes: each lies in SERVER_SOURCES', () => {
    const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.server.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
    const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
    const ours = program
      .getSourceFiles()
      .map((file) => path.relative(ROOT, file.fileName))
      .filter((file) => !file.startsWith('node_modules') && !file.startsWith('..'));
    expect(ours.length).toBeGreaterThan(100);
    const outside = ours.filter((file) => !SERVER_SOURCES.some((source) => file === source || file.startsWith(`${source}/`)));
    expect(outside).toEqual([]);
  });
});
