import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainJpeg, pngWithAlpha } from '../../modules/files/test-images.js';
import { buildTestApp, testDatabases, type TestApp } from '../build-test-app.js';
import { createUser, TEST_PASSWORD, uniqueLogin } from '../fixtures.js';
import type { JourneyInput, JourneyResult } from './journey-types.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const generatedTypes = path.join(here, 'generated', 'api.d.ts');
const journeyFile = path.join(here, 'journey.ts');

/**
 * What a school's developer does (README, "API"): generate TypeScript types from /api/docs/json
 * with openapi-typescript (binary fields as Blob), then call the API through openapi-fetch.
 */
async function generateClientTypes(document: unknown): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], {
    transform: (schema) => (schema.format === 'binary' ? ts.factory.createTypeReferenceNode('Blob') : undefined),
  });
  return astToString(ast);
}

/** The journey typechecked against the generated types: a call the document does not allow fails here. */
function typeErrors(): string[] {
  const program = ts.createProgram([journeyFile], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** Listens on a free loopback port, as a school's server would (the client speaks real HTTP). */
async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

// Generated (and typechecked) once: the document is the same on every database.
beforeAll(async () => {
  const t = await buildTestApp('sqlite');
  try {
    const document = await (await fetch(`${await listening(t)}/api/docs/json`)).json();
    mkdirSync(path.dirname(generatedTypes), { recursive: true });
    writeFileSync(generatedTypes, await generateClientTypes(document));
  } finally {
    await t.close();
  }
});

describe('the client types generated from /api/docs/json', () => {
  it('type the two uploads as forms with a Blob, and the journey compiles against them', () => {
    const types = readFileSync(generatedTypes, 'utf8');
    // The calls the product is about have real bodies (not `requestBody?: never`).
    expect(types).toMatch(/createTask: \{[\s\S]*?"multipart\/form-data": \{[\s\S]*?taskImage\?: Blob;/);
    expect(types).toMatch(/submitSolution: \{[\s\S]*?"multipart\/form-data": \{[\s\S]*?solutionImage\?: Blob;/);
    expect(types).toMatch(/Task: \{/);
    expect(typeErrors()).toEqual([]);
  });
});

describe.each(testDatabases())('a client generated from the OpenAPI document, on %s', (dialect) => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    baseUrl = await listening(t);
  });
  afterAll(async () => t.close());

  it('runs the main journey: sign in, group, task with an image, photo answer, verdict, leaderboard', async () => {
    const { runJourney } = (await import(/* @vite-ignore */ journeyFile)) as { runJourney: (input: JourneyInput) => Promise<JourneyResult> };
    const teacherLogin = uniqueLogin('teacher');
    await createUser(t, { role: 'teacher', login: teacherLogin });
    const studentName = 'Olena Kovalenko';
    const result = await runJourney({
      baseUrl,
      teacher: { login: teacherLogin, password: TEST_PASSWORD },
      student: { login: uniqueLogin('student'), password: 'photo-answer-9', name: studentName },
      taskImage: new Blob([new Uint8Array(await pngWithAlpha(60, 40))], { type: 'image/png' }),
      answerPhoto: new Blob([new Uint8Array(await plainJpeg(800, 600))], { type: 'image/jpeg' }),
    });
    expect(result.imageContentType).toMatch(/^image\//);
    expect(result.solutionReviewed).toBe(true);
    // Task points (3) + accuracy bonus (1) + first correct solver's speed bonus (3).
    expect(result.leaderboard).toEqual([{ rank: 1, name: studentName, points: 7, solved: 1 }]);
  });
});
