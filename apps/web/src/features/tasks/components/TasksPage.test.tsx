import type { Group, TeacherTask } from '@mathclub/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession, setSession } from '../../../lib/session';
import { chooseOption, jsonResponse, makeToken, mockFetch, renderAt, teacher, useEnglish } from '../../../test/utils';
import { TasksPage } from './TasksPage';

const groups: Group[] = [
  { id: 1, name: '7-А olympiad' },
  { id: 2, name: 'Geometry circle' },
];

const existing: TeacherTask = {
  id: 10,
  title: 'Squares',
  text: 'Find $x^2$ when $x = 3$.',
  level: 'experienced',
  points: 3,
  group: groups[0]!,
  createdAt: '2026-11-20T10:00:00.000Z',
  author: { id: 1, name: 'Олена Петрівна' },
  answerKind: 'none',
  answerKey: null,
  tolerance: 0,
  checkMode: 'manual',
  counts: { answered: 3, correct: 2, waiting: 1 },
};

type PostHandler = (body: FormData) => Response | Promise<Response>;

function serve(post?: PostHandler, tasks: TeacherTask[] = [existing], patch?: (body: unknown) => Response) {
  return mockFetch(async (method, path, init) => {
    if (method === 'GET' && path === '/api/tasks') return jsonResponse(tasks);
    if (method === 'GET' && path === '/api/school') return jsonResponse({ timeZone: 'Europe/Kyiv' });
    if (method === 'PATCH' && path === `/api/tasks/${existing.id}` && patch) return patch(JSON.parse(String(init!.body)));
    if (method === 'POST' && path === '/api/tasks' && post) return post(init!.body as FormData);
    if (method === 'DELETE') return new Response(null, { status: 404 });
    return jsonResponse({}, 404);
  });
}

const title = () => screen.getByLabelText('Title') as HTMLInputElement;
const text = () => screen.getByLabelText('Text') as HTMLTextAreaElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create task' }));
const dropdownValue = (id: string) => document.getElementById(id)!.closest('.p-dropdown')!.querySelector('.p-dropdown-label')!.textContent;

describe('Tasks page and task form (SEED.md §2, §4, §5)', () => {
  beforeEach(async () => {
    await useEnglish();
    setSession(makeToken(teacher));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
    reloadSession();
  });

  it('lists the tasks with level, points, group, author and the formula', async () => {
    serve();
    renderAt(<TasksPage groups={groups} />);
    const card = (await screen.findByRole('heading', { name: 'Squares' })).closest('article')!;
    expect(within(card).getByText('Experienced')).toBeInTheDocument();
    expect(within(card).getByText('3 points')).toBeInTheDocument();
    expect(within(card).getByText('7-А olympiad')).toBeInTheDocument();
    expect(within(card).getByText('Олена Петрівна')).toBeInTheDocument();
    expect(within(card).getByText('20 листопада 2026 р.')).toBeInTheDocument();
    await waitFor(() => expect(card.querySelector('.katex')).not.toBeNull());
  });

  it('shows the empty message and the load failure', async () => {
    serve(undefined, []);
    renderAt(<TasksPage groups={groups} />);
    expect(await screen.findByText('No tasks yet. Create the first one above.')).toBeInTheDocument();
  });

  it('checks every rule on submit and sends nothing', async () => {
    const fetch = serve();
    renderAt(<TasksPage groups={groups} />);
    submit();
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Add a text or an image')).toBeInTheDocument();
    expect(screen.getByText('Group is required')).toBeInTheDocument();
    expect(title()).toHaveAttribute('aria-invalid', 'true');
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('adds the task, toasts, resets all but the group and collapses the panel', async () => {
    let sent: FormData | undefined;
    serve((body) => {
      sent = body;
      return jsonResponse({ ...existing, id: 11, title: 'Cubes' }, 201);
    });
    renderAt(<TasksPage groups={groups} />);
    fireEvent.change(title(), { target: { value: '  Cubes ' } });
    fireEvent.change(text(), { target: { value: 'Find $2^3$' } });
    await chooseOption('Level', 'Advanced');
    await chooseOption('Points', '4');
    await chooseOption('Group', 'Geometry circle');
    submit();
    expect(await screen.findByText('Task “Cubes” was added successfully')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(Object.fromEntries([...sent!.entries()])).toEqual({ title: 'Cubes', text: 'Find $2^3$', level: 'advanced', points: '4', group: '2' });
    // Collapsed after the add; opening it again shows the reset form with the group kept.
    await waitFor(() => expect(screen.queryByLabelText('Title')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'New task' }));
    expect(await screen.findByLabelText('Title')).toHaveValue('');
    expect(text()).toHaveValue('');
    expect(dropdownValue('task-level')).toBe('Beginner');
    expect(dropdownValue('task-points')).toBe('1');
    expect(dropdownValue('task-group')).toBe('Geometry circle');
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
  });

  it('is inert under a spinner while sending, and keeps the values with an alert on failure', async () => {
    let answer: (r: Response) => void = () => {};
    serve(() => new Promise((resolve) => (answer = resolve)));
    renderAt(<TasksPage groups={[groups[0]!]} />);
    // A teacher with one group has it chosen already.
    expect(dropdownValue('task-group')).toBe('7-А olympiad');
    fireEvent.change(title(), { target: { value: 'Cubes' } });
    fireEvent.change(text(), { target: { value: 'Find $2^3$' } });
    submit();
    await waitFor(() => expect(screen.getByTestId('task-form')).toHaveAttribute('inert'));
    expect(screen.getByText('Adding the task…')).toBeInTheDocument();
    answer(new Response('', { status: 500 }));
    expect(await screen.findByText('Failed to add task. Please try again later.')).toBeInTheDocument();
    expect(screen.getByTestId('task-form')).not.toHaveAttribute('inert');
    expect(title()).toHaveValue('Cubes');
    expect(text()).toHaveValue('Find $2^3$');
    expect(dropdownValue('task-group')).toBe('7-А olympiad');
  });

  it("shows the server's validation messages under the fields", async () => {
    serve(() => jsonResponse({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Bad', validationErrors: { title: 'teacher.tasks.form.errors.titleTooLong' } }, 400));
    renderAt(<TasksPage groups={[groups[0]!]} />);
    fireEvent.change(title(), { target: { value: 'Cubes' } });
    fireEvent.change(text(), { target: { value: 'x' } });
    submit();
    expect(await screen.findByText('Title must be at most 200 characters')).toBeInTheDocument();
  });

  it('debounces the draft header: 20 characters of the title, else the text, and an editing marker', async () => {
    vi.useFakeTimers();
    serve();
    renderAt(<TasksPage groups={groups} />);
    const header = screen.getByTestId('new-task-header');
    expect(header).toHaveTextContent(/^New task$/);
    fireEvent.change(text(), { target: { value: 'Only the text of the task so far' } });
    await act(async () => vi.advanceTimersByTime(999));
    expect(header).toHaveTextContent(/^New task$/);
    await act(async () => vi.advanceTimersByTime(1));
    expect(header).toHaveTextContent('New task“Only the text of the”editing');
    fireEvent.change(title(), { target: { value: 'Pythagoras and friends' } });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(header).toHaveTextContent('“Pythagoras and frien”');
    expect(within(header).getByText('editing')).toBeInTheDocument();
    fireEvent.change(title(), { target: { value: '' } });
    fireEvent.change(text(), { target: { value: '' } });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(header).toHaveTextContent(/^New task$/);
  });

  it('deletes a task after confirmation and tolerates a 404', async () => {
    const fetch = serve();
    renderAt(<TasksPage groups={groups} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for “Squares”' }));
    fireEvent.click(await screen.findByText('Delete'));
    const message = await screen.findByText('Delete “Squares”? Students will no longer see it.');
    const dialog = message.closest('.p-dialog') as HTMLElement;
    // It names what goes with the task (issue 26): the answers, and the points of those judged correct.
    expect(within(dialog).getByText(/3 students answered it: their answers go with it\./)).toBeInTheDocument();
    expect(within(dialog).getByText(/2 students were judged correct and lose the points for it/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Task “Squares” was deleted')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url) === '/api/tasks/10')).toBe(true);
  });

  it('offers to close a task with answers instead of deleting it, and closes it now (issue 26)', async () => {
    const fetch = serve(undefined, [existing], (body) => jsonResponse({ ...existing, ...(body as object) }));
    renderAt(<TasksPage groups={groups} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for “Squares”' }));
    fireEvent.click(await screen.findByText('Delete'));
    const dialog = (await screen.findByText('To stop new answers but keep these, close the task instead.')).closest('.p-dialog') as HTMLElement;
    const before = Date.now();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close it instead' }));
    expect(await screen.findByText('Task “Squares” is closed: students see it closed and keep their points')).toBeInTheDocument();
    const patch = fetch.mock.calls.find(([url, init]) => init?.method === 'PATCH' && String(url) === '/api/tasks/10');
    expect(patch).toBeDefined();
    const body = JSON.parse(String(patch![1]!.body)) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['closesAt']);
    expect(Date.parse(String(body.closesAt))).toBeGreaterThanOrEqual(before - 1000);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('shows per task the answered, correct and waiting counts, a bar and its window; filters by level and title', async () => {
    const closed: TeacherTask = { ...existing, id: 12, title: 'Cubes', level: 'beginner', closesAt: '2026-01-01T10:00:00.000Z', counts: { answered: 0, correct: 0, waiting: 0 } };
    const scheduled: TeacherTask = { ...existing, id: 13, title: 'Primes', opensAt: '2099-01-01T10:00:00.000Z' };
    serve(undefined, [existing, closed, scheduled]);
    renderAt(<TasksPage groups={groups} />);
    const card = (await screen.findByRole('heading', { name: 'Squares' })).closest('article')!;
    expect(within(card).getByText('3 answered')).toBeInTheDocument();
    expect(within(card).getByText('2 correct')).toBeInTheDocument();
    expect(within(card).getByText('1 waiting')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: '2 of 3 students correct' })).toHaveAttribute('aria-valuenow', '67');
    expect(within(card).getByText('Open')).toBeInTheDocument();
    const cubes = screen.getByRole('heading', { name: 'Cubes' }).closest('article')!;
    // Shown in the school's zone: 10:00 UTC is 12:00 in Kyiv.
    expect(within(cubes).getByText(/^Closed .*12:00/)).toBeInTheDocument();
    expect(within(screen.getByRole('heading', { name: 'Primes' }).closest('article')!).getByText(/^Opens /)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Search tasks'), { target: { value: 'CUB' } });
    expect(screen.queryByRole('heading', { name: 'Squares' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cubes' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Search tasks'), { target: { value: '' } });
    await chooseOption('Filter by level', 'Experienced');
    expect(screen.queryByRole('heading', { name: 'Cubes' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Squares' })).toBeInTheDocument();
  });

  it('edits a task in the same form: the header says so, the fix goes as a PATCH, the window in school time', async () => {
    let sent: Record<string, unknown> | undefined;
    serve(undefined, [existing], (body) => {
      sent = body as Record<string, unknown>;
      return jsonResponse({ ...existing, title: 'Squares, fixed' });
    });
    renderAt(<TasksPage groups={groups} />);
    const card = (await screen.findByRole('heading', { name: 'Squares' })).closest('article')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Actions for “Squares”' }));
    fireEvent.click(await screen.findByText('Edit'));
    expect(await screen.findByText('Edit task')).toBeInTheDocument();
    expect(title()).toHaveValue('Squares');
    fireEvent.change(title(), { target: { value: 'Squares, fixed' } });
    fireEvent.change(screen.getByLabelText('Closes at'), { target: { value: '2026-12-04T18:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Task “Squares, fixed” saved')).toBeInTheDocument();
    expect(sent).toMatchObject({ title: 'Squares, fixed', points: 3, group: 1, level: 'experienced', opensAt: null, closesAt: '2026-12-04T16:00:00.000Z' });
  });
});
