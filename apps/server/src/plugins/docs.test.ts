import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabases, type TestApp } from '../test/build-test-app.js';
import { checkResponsesAgainstDocument, takeResponseFailures } from '../test/openapi-response-check.js';
import { isCountedPerAddress } from './security.js';

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; required?: string[]; $ref?: string; format?: string };
interface Response {
  description: string;
  content?: Record<string, { schema: Schema }>;
}
interface Operation {
  operationId?: string;
  security?: Record<string, unknown>[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
}
interface OpenApiDocument {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const operationsOf = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, path, method, operation })));

describe.each(testDatabases())('the OpenAPI document on %s', (dialect) => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
  });
  afterAll(async () => t.close());

  it("passes Redocly's recommended lint without errors", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/api/docs/json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    // Warnings a generated client would feel (unnamed functions, undocumented errors) stay out too.
    const warnings = problems.filter((p) => p.severity === 'warn').map((p) => p.ruleId);
    expect(warnings.filter((rule) => rule !== 'info-license-strict')).toEqual([]);
  });

  it('names every operation for what it does, once, and says what each answer means', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(20);
    const ids = operations.map((o) => o.operation.operationId);
    expect(ids.filter((id) => !id || !/^[a-z][A-Za-z]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const want of ['login', 'signUp', 'listMyTasks', 'createTask', 'submitSolution', 'reviewSolution', 'getLeaderboard', 'createGroup', 'getImage']) {
      expect(ids).toContain(want);
    }
    for (const { name, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.description, `${name} ${status}`).not.toBe('Default Response');
        expect(response.description.length, `${name} ${status}`).toBeGreaterThan(5);
      }
    }
  });

  it('states the two multipart forms with their image as a binary file', () => {
    const form = (path: string) => doc.paths[path]!.post!.requestBody!.content['multipart/form-data']!.schema;
    const task = form('/api/tasks');
    expect(Object.keys(task.properties!)).toEqual(['title', 'text', 'level', 'points', 'group', 'taskImage', 'answerKind', 'answerKey', 'tolerance', 'checkMode', 'opensAt', 'closesAt']);
    expect(task.properties!.closesAt).toMatchObject({ type: 'string', format: 'date-time' });
    expect(task.properties!.taskImage).toMatchObject({ type: 'string', format: 'binary' });
    expect(task.required).toEqual(['title', 'level', 'points', 'group']);
    const solution = form('/api/solutions');
    expect(Object.keys(solution.properties!)).toEqual(['taskId', 'answer', 'solutionImage']);
    expect(solution.properties!.solutionImage).toMatchObject({ type: 'string', format: 'binary' });
    expect(solution.required).toEqual(['taskId']);
  });

  it('offers a task edit as JSON or, with a new image, as a form (PATCH /api/tasks/{id})', () => {
    const content = doc.paths['/api/tasks/{id}']!.patch!.requestBody!.content;
    expect(Object.keys(content).sort()).toEqual(['application/json', 'multipart/form-data']);
    const json = content['application/json']!.schema;
    expect(json.properties!.removeImage).toMatchObject({ type: 'boolean' });
    expect(json.properties!.taskImage).toBeUndefined();
    const form = content['multipart/form-data']!.schema;
    expect(form.properties!.taskImage).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.properties!.removeImage).toMatchObject({ type: 'string', enum: ['true', 'false'] });
    expect(form.required ?? []).toEqual([]);
  });

  it('sends images as images and 204s without a body', () => {
    const image = doc.paths['/api/files/{shard}/{name}']!.get!;
    expect(image.responses['200']!.content).toEqual({ 'image/*': { schema: { type: 'string', format: 'binary' } } });
    expect(image.security).toEqual([]);
    const emptyAnswers = operationsOf(doc).filter((o) => o.operation.responses['204']);
    expect(emptyAnswers.length).toBeGreaterThanOrEqual(3);
    for (const { name, operation } of emptyAnswers) expect(operation.responses['204']!.content, name).toBeUndefined();
  });

  it('lists the errors each operation can send, in the one named error shape', () => {
    for (const { name, path, method, operation } of operationsOf(doc)) {
      const statuses = Object.keys(operation.responses);
      const authenticated = (operation.security ?? []).some((s) => 'bearerAuth' in s);
      expect(statuses, name).toContain('400');
      if (authenticated) expect(statuses, name).toEqual(expect.arrayContaining(['401', '403']));
      if (isCountedPerAddress(path)) expect(statuses, name).toContain('429');
      if (method !== 'get') expect(statuses, name).toEqual(expect.arrayContaining(['413', '415']));
      if (path.includes('{id}')) expect(statuses, name).toContain('404');
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) >= 400) expect(response.content, `${name} ${status}`).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } });
      }
    }
    expect(doc.paths['/api/auth/login']!.post!.responses['400']).toBeDefined();
  });

  it('names the shared objects as components, with times as date-time', () => {
    const names = Object.keys(doc.components.schemas);
    expect(names).toEqual(expect.arrayContaining(['ApiError', 'Task', 'User', 'UserProfile', 'Group', 'GroupSummary', 'Solution', 'LeaderboardEntry', 'AccessToken', 'FeedbackSnippet', 'AnswerGroup']));
    const task = doc.components.schemas.Task!;
    expect(task.properties!.createdAt).toMatchObject({ type: 'string', format: 'date-time' });
    expect(task.properties!.group).toEqual({ $ref: '#/components/schemas/Group' });
    const solution = doc.components.schemas.Solution!;
    expect(solution.properties!.createdAt).toMatchObject({ format: 'date-time' });
    expect(solution.properties!.reviewedAt).toMatchObject({ format: 'date-time', nullable: true });
    // The arena's list is of StudentTask, which has no answer key to show (PRODUCT.md §9).
    expect(doc.paths['/api/tasks/mine']!.get!.responses['200']!.content!['application/json']!.schema).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/StudentTask' },
    });
    // The teacher's list carries each task's counts (PRODUCT.md §10).
    expect(doc.paths['/api/tasks']!.get!.responses['200']!.content!['application/json']!.schema).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/TeacherTask' },
    });
    expect(doc.components.schemas.TeacherTask!.properties!.counts).toEqual({ $ref: '#/components/schemas/TaskCounts' });
    expect(doc.components.schemas.Gradebook!.required).toEqual(['students', 'tasks', 'cells']);
    expect(Object.keys(task.properties!)).toEqual(expect.arrayContaining(['answerKind', 'answerKey', 'tolerance', 'checkMode']));
    expect(Object.keys(doc.components.schemas.StudentTask!.properties!)).not.toEqual(expect.arrayContaining(['answerKey']));
    expect(Object.keys(doc.components.schemas.StudentTask!.properties!)).not.toEqual(expect.arrayContaining(['tolerance']));
    // Only what the operations use: no unused input copies of the components.
    expect(names.filter((n) => n.endsWith('Input'))).toEqual([]);
  });

  it('names the server: PUBLIC_URL when set, else the one that served the document', async () => {
    expect(doc.servers).toEqual([{ url: '/' }]);
    const named = await buildTestApp(dialect, { publicUrl: 'https://maths.school.example' });
    try {
      const other = (await named.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiDocument>();
      expect(other.servers).toEqual([{ url: 'https://maths.school.example' }]);
    } finally {
      await named.close();
    }
  });
});

describe('the response check every test app runs', () => {
  it('records an undocumented status, a body off its schema and a body where none is documented', async () => {
    const app = Fastify();
    await app.register(swagger, { openapi: { openapi: '3.0.3', info: { title: 't', version: '1' } } });
    const body = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false };
    app.get('/api/thing', { schema: { operationId: 'getThing', response: { 200: { description: 'The thing.', ...body } } } }, async (request, reply) => {
      if ((request.query as { kind?: string }).kind === 'teapot') return reply.code(418 as 200).send({ name: 'x' });
      return { name: 'x' };
    });
    app.delete('/api/thing', { schema: { operationId: 'deleteThing', response: { 204: { description: 'Gone.', type: 'null' } } } }, async (_request, reply) =>
      reply.code(204).header('content-type', 'application/json').send('{"gone":true}'),
    );
    checkResponsesAgainstDocument(app);
    await app.ready();
    try {
      takeResponseFailures();
      await app.inject({ method: 'GET', url: '/api/thing' });
      expect(takeResponseFailures()).toEqual([]);
      await app.inject({ method: 'GET', url: '/api/thing?kind=teapot' });
      expect(takeResponseFailures()).toEqual([expect.stringContaining('status 418 is not documented')]);
      await app.inject({ method: 'DELETE', url: '/api/thing' });
      expect(takeResponseFailures()).toEqual([expect.stringContaining('the document says no content, but a body was sent')]);
    } finally {
      await app.close();
    }
  });

  it('records a JSON body that does not match the documented schema', async () => {
    const app = Fastify();
    await app.register(swagger, { openapi: { openapi: '3.0.3', info: { title: 't', version: '1' } } });
    const schema = { description: 'The thing.', type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false };
    // The answer is sent as text, so no serializer reshapes it before the check sees it.
    app.get('/api/thing', { schema: { operationId: 'getThing', response: { 200: schema } } }, async (request, reply) =>
      reply.type('application/json').send((request.query as { body: string }).body),
    );
    checkResponsesAgainstDocument(app);
    await app.ready();
    try {
      takeResponseFailures();
      await app.inject({ method: 'GET', url: `/api/thing?body=${encodeURIComponent('{"name":"x"}')}` });
      expect(takeResponseFailures()).toEqual([]);
      await app.inject({ method: 'GET', url: `/api/thing?body=${encodeURIComponent('{"name":1}')}` });
      expect(takeResponseFailures()).toEqual([expect.stringContaining('the body does not match the document')]);
      await app.inject({ method: 'GET', url: `/api/thing?body=${encodeURIComponent('{"name":"x","passwordHash":"y"}')}` });
      expect(takeResponseFailures()).toEqual([expect.stringContaining('additionalProperties')]);
    } finally {
      await app.close();
    }
  });
});
