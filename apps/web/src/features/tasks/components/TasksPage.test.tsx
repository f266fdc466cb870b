import type { Group, Task } from '@mathclub/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadSession, setSession } from '../../../lib/session';
import { chooseOption, jsonResponse, makeToken, mockFetch, renderAt, teacher, useEnglish } from '../../../test/utils';
import { TasksPage } from './TasksPage';

const groups: Group[] = [
  { id: 1, name: '7-А olympiad' },
  { id: 2, name: 'Geometry circle' },
];

const existing: Task = {
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
};

type PostHandler = (body: FormData) => Response | Promise<Response>;

function serve(post?: PostHandler, tasks: Task[] = [existing]) {
  return mockFetch(async (method, path, init) => {
    if (method === 'GET' && path === '/api/tasks') return jsonResponse(tasks);
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
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Task “Squares” was deleted')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url) === '/api/tasks/10')).toBe(true);
  });
});
