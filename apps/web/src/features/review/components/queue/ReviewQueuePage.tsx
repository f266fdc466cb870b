import './queue-texts';
import './queue.css';
import '../review.css';
import type { Annotation, Solution, Task } from '@mathclub/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MathText } from '../../../../components/MathText';
import { PageTitle } from '../../../../components/PageTitle';
import { paths } from '../../../../config/paths';
import { formatDate } from '../../../../lib/format';
import { answerGroupsQueryKey, useAnswerGroups } from '../../api/answer-groups';
import { reviewSolutionsQueryKey, useSolutions } from '../../api/get-solutions';
import { reviewMany } from '../../api/review-many';
import type { QueueVerdict } from '../../api/send-verdict';
import { ReviewPhoto } from '../annotate/ReviewPhoto';
import { AnswerGroups } from './AnswerGroups';
import { KeysDialog } from './KeysDialog';
import { keysAreOff, queueAction } from './queue-keys';
import { QueueTask } from './QueueTask';
import { SavedComments } from './SavedComments';
import { feedbackPayload, insertSnippet, nextWaiting, queueOrder } from './queue-state';
import { useHeldVerdict } from './use-held-verdict';
import { useSavedComments } from './use-saved-comments';
import { useSwipe } from './use-swipe';

interface Props {
  /** The tasks of the teacher's groups (the task beside each answer). */
  tasks: Task[];
  tasksLoading?: boolean;
  /** The task whose answers are queued; null: every answer waiting, task after task. */
  taskId: number | null;
}

/** A verdict given in this visit: held back for undo, or saved. */
interface Judged {
  correct: boolean;
  feedback: string | null;
  sent: boolean;
}

/** Past the last answer: the "all judged" panel. */
const END = -1;

/**
 * The review queue (PRODUCT.md §15): one waiting answer at a time, large, with its task beside it,
 * judged with one key each (read by the key's place, so any keyboard layout works), saved comments
 * 1–9, equal typed answers judged at once, undo for a few seconds, swipes and large buttons on a
 * phone. The answers come from the review list's cache, which the live updates keep current.
 */
export function ReviewQueuePage({ tasks, tasksLoading = false, taskId }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const solutions = useSolutions(true);
  const groupsQuery = useAnswerGroups(taskId);

  // Every answer seen in this visit stays in the queue (J/K can go back to one judged a minute
  // ago), each in its newest copy: the waiting list drops judged answers when it is reloaded.
  const [seen, setSeen] = useState<ReadonlyMap<number, Solution>>(() => new Map());
  const [seenData, setSeenData] = useState<Solution[] | undefined>(undefined);
  if (solutions.data !== seenData) {
    setSeenData(solutions.data);
    setSeen((known) => new Map([...known, ...(solutions.data ?? []).map((s) => [s.id, s] as const)]));
  }
  const taskById = new Map(tasks.map((task) => [task.id, task]));
  const list = [...seen.values()].filter((s) => (taskId === null ? taskById.has(s.taskId) : s.taskId === taskId)).sort(queueOrder);

  const [judged, setJudged] = useState<ReadonlyMap<number, Judged>>(() => new Map());
  const [currentId, setCurrentId] = useState<number | null>(null);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [usedSnippet, setUsedSnippet] = useState<Record<number, number>>({});
  const [marks, setMarks] = useState<Record<number, Annotation[]>>({});
  const [keysOpen, setKeysOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [groupBusy, setGroupBusy] = useState(false);
  const feedbackBox = useRef<HTMLTextAreaElement>(null);

  const isWaiting = (s: Solution) => !s.reviewed && !judged.has(s.id);
  const waitingCount = list.filter(isWaiting).length;
  const current = currentId === END ? null : (list.find((s) => s.id === currentId) ?? list.find(isWaiting) ?? list[0] ?? null);
  const index = current ? list.indexOf(current) : list.length;
  const announce = (text: string) => setAnnouncement(text);
  // A failure must be seen, not only heard: it stays on screen until the next action that works.
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (text: string) => {
    setFailure(text);
    announce(text);
  };
  const comments = useSavedComments({ announce, fail });
  const snippets = comments.snippets;

  const { heldVerdict, hold, undo: takeBack } = useHeldVerdict({
    onSent: (verdict, saved) => {
      setSeen((known) => new Map(known).set(saved.id, saved));
      setJudged((m) => new Map(m).set(verdict.id, { ...m.get(verdict.id)!, sent: true }));
      void queryClient.invalidateQueries({ queryKey: reviewSolutionsQueryKey, refetchType: 'none' });
    },
    onFailed: (verdict, error) => {
      console.error('Failed to review solution', verdict.id, error);
      setJudged((m) => {
        const next = new Map(m);
        next.delete(verdict.id);
        return next;
      });
      fail(t('reviewQueue.announce.saveFailed', { name: seen.get(verdict.id)?.author.name ?? '' }));
    },
  });

  // New answers arriving (live updates write them into the cached list) join the queue; the
  // task's answer groups are read again. What the teacher is typing is state here, untouched.
  const arrived = useRef<number | null>(null);
  const serverWaiting = (solutions.data ?? []).filter((s) => !s.reviewed && (taskId === null || s.taskId === taskId)).length;
  useEffect(() => {
    if (solutions.data === undefined) return;
    const before = arrived.current;
    arrived.current = serverWaiting;
    if (before !== null && serverWaiting > before) {
      setAnnouncement(t('reviewQueue.announce.arrived', { count: serverWaiting - before }));
      if (taskId !== null) void queryClient.invalidateQueries({ queryKey: answerGroupsQueryKey(taskId) });
    }
  }, [serverWaiting, solutions.data, taskId, queryClient, t]);

  const feedbackOf = (s: Solution) => drafts[s.id] ?? s.feedback ?? '';
  const marksOf = (s: Solution): readonly Annotation[] => marks[s.id] ?? s.annotations ?? [];

  function moveTo(id: number) {
    setCurrentId(id);
  }

  function move(by: 1 | -1) {
    if (list.length === 0) return;
    const at = index + by;
    if (at < 0) return;
    moveTo(at >= list.length ? END : list[at]!.id);
  }

  function judge(correct: boolean) {
    if (!current) return;
    const s = current;
    const snippet = snippets.find((x) => x.id === usedSnippet[s.id]);
    const payload = feedbackPayload(feedbackOf(s), snippet);
    const verdict: QueueVerdict = { id: s.id, correct, reviewed: true, ...payload, ...(marks[s.id] ? { annotations: marks[s.id] } : {}) };
    hold(verdict);
    setFailure(null);
    setJudged((m) => new Map(m).set(s.id, { correct, feedback: feedbackOf(s).trim() || null, sent: false }));
    announce(t(correct ? 'reviewQueue.announce.correct' : 'reviewQueue.announce.incorrect', { name: s.author.name }));
    const next = nextWaiting(list, s.id, (x) => x.id !== s.id && isWaiting(x));
    moveTo(next ? next.id : END);
  }

  function undo() {
    const verdict = takeBack();
    if (!verdict) return;
    setJudged((m) => {
      const next = new Map(m);
      next.delete(verdict.id);
      return next;
    });
    moveTo(verdict.id);
    announce(t('reviewQueue.announce.undone', { name: seen.get(verdict.id)?.author.name ?? '' }));
  }

  function insert(i: number) {
    const snippet = snippets[i];
    if (!current || !snippet) return;
    setDrafts((d) => ({ ...d, [current.id]: insertSnippet(feedbackOf(current), snippet.text) }));
    setUsedSnippet((u) => ({ ...u, [current.id]: snippet.id }));
    announce(t('reviewQueue.announce.snippet', { n: i + 1 }));
  }

  function saveSnippet() {
    if (!current) return;
    const text = feedbackOf(current).trim();
    if (!text) return;
    comments.save(text, (created) => {
      setFailure(null);
      setUsedSnippet((u) => ({ ...u, [current.id]: created.id }));
    });
  }

  // A whole answer group at once: sent at once (no undo: the bulk API has no "take back", and the
  // button names how many answers it judges), each student told as with a single verdict.
  function judgeGroup(ids: number[], correct: boolean, feedback: string) {
    setGroupBusy(true);
    const text = feedback.trim();
    reviewMany({ ids, correct, ...(text ? { feedback: text } : {}) })
      .then(({ updated }) => {
        setJudged((m) => {
          const next = new Map(m);
          for (const id of ids) next.set(id, { correct, feedback: text || null, sent: true });
          return next;
        });
        announce(t('reviewQueue.announce.group', { count: updated, verdict: t(correct ? 'reviewQueue.correct' : 'reviewQueue.incorrect') }));
        void queryClient.invalidateQueries({ queryKey: reviewSolutionsQueryKey, refetchType: 'none' });
        if (taskId !== null) void queryClient.invalidateQueries({ queryKey: answerGroupsQueryKey(taskId) });
      })
      .catch((error: unknown) => {
        console.error('Failed to judge the answer group', error);
        fail(t('reviewQueue.announce.groupFailed'));
      })
      .finally(() => setGroupBusy(false));
  }

  // The keys, by their physical place (queue-keys.ts). A ref keeps the listener on the newest state.
  const onKey = useRef<(event: KeyboardEvent) => void>(() => undefined);
  // Counts the presses of M: the photo's mark-up view opens on each new one.
  const [annotateAsked, setAnnotateAsked] = useState(0);
  const handleKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.repeat || keysAreOff(event.target)) return;
    const action = queueAction(event);
    if (!action) return;
    event.preventDefault();
    switch (action.kind) {
      case 'verdict':
        judge(action.correct);
        break;
      case 'move':
        move(action.by);
        break;
      case 'snippet':
        insert(action.index);
        break;
      case 'feedback':
        feedbackBox.current?.focus();
        break;
      case 'undo':
        undo();
        break;
      case 'annotate':
        // The photo's mark-up view, by key (issue 49); an answer without a photo has none.
        if (current?.imageSecureUrl) setAnnotateAsked((n) => n + 1);
        break;
      case 'keys':
        setKeysOpen(true);
        break;
    }
  };
  useLayoutEffect(() => {
    onKey.current = handleKey;
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const swipe = useSwipe((direction) => move(direction === 'left' ? 1 : -1));
  const task = current ? taskById.get(current.taskId) : taskId !== null ? taskById.get(taskId) : undefined;
  const title = taskId !== null && taskById.get(taskId) ? t('reviewQueue.titleTask', { title: taskById.get(taskId)!.title }) : t('reviewQueue.title');
  const groups = (groupsQuery.data ?? [])
    .map((g) => ({ ...g, waitingIds: g.solutionIds.filter((id) => list.some((s) => s.id === id && isWaiting(s))) }))
    .filter((g) => g.waitingIds.length >= 2);
  const mine = current ? judged.get(current.id) : undefined;
  const shownVerdict = mine ? (mine.correct ? 'correct' : 'incorrect') : current?.reviewed ? (current.correct ? 'correct' : 'incorrect') : null;
  const heldName = heldVerdict ? (seen.get(heldVerdict.id)?.author.name ?? '') : '';
  const loading = solutions.isPending || (tasksLoading && tasks.length === 0);

  return (
    <section className="page review-queue" data-testid="review-queue">
      <ConfirmDialog />
      <PageTitle>{title}</PageTitle>
      <div className="review-queue__bar">
        <Link to={paths.teacher.review} className="review-queue__back">
          <i className="pi pi-arrow-left" aria-hidden="true" /> {t('reviewQueue.back')}
        </Link>
        <span className="review-queue__counts" data-testid="queue-counts">
          <span className="review-queue__waiting">{t('reviewQueue.waiting', { count: waitingCount })}</span>
          {judged.size > 0 ? <span className="review-queue__judged">{t('reviewQueue.judged', { count: judged.size })}</span> : null}
        </span>
        <span className="review-queue__nav">
          <Button type="button" text rounded icon="pi pi-chevron-up" aria-label={t('reviewQueue.previous')} title={`${t('reviewQueue.previous')} (K)`} onClick={() => move(-1)} disabled={index <= 0} />
          <Button type="button" text rounded icon="pi pi-chevron-down" aria-label={t('reviewQueue.next')} title={`${t('reviewQueue.next')} (J)`} onClick={() => move(1)} disabled={current === null} />
          <Button type="button" outlined size="small" className="review-queue__keys-button" icon="pi pi-question-circle" aria-keyshortcuts="Shift+Slash" onClick={() => setKeysOpen(true)} data-testid="queue-keys-open">
            <span>{t('reviewQueue.showKeys')}</span>
            <kbd aria-hidden="true">?</kbd>
          </Button>
        </span>
      </div>
      {solutions.isError ? <p className="inline-message inline-message--error">{t('reviewQueue.loadFailed')}</p> : null}
      {failure ? (
        <p className="inline-message inline-message--error" data-testid="queue-failure">
          {failure}
        </p>
      ) : null}
      {taskId !== null ? <AnswerGroups groups={groups} onJudge={judgeGroup} busy={groupBusy} /> : null}
      {loading ? (
        <p className="list-loading" role="status">
          {t('reviewQueue.loading')}
        </p>
      ) : current === null ? (
        <div className="review-queue__done" data-testid="queue-done">
          <p>{list.length === 0 ? t('reviewQueue.empty') : t('reviewQueue.done')}</p>
          <Link to={paths.teacher.review}>{t('reviewQueue.doneBack')}</Link>
        </div>
      ) : (
        <div className="review-queue__main">
          <article className={`queue-solution${shownVerdict ? ` queue-solution--${shownVerdict}` : ''}`} aria-labelledby="queue-solution-author" data-testid="queue-solution" data-solution-id={current.id} {...swipe}>
            <header className="queue-solution__head">
              <h3 id="queue-solution-author" className="queue-solution__author">
                {current.author.name}
              </h3>
              <time dateTime={current.createdAt} className="queue-solution__date">
                {formatDate(current.createdAt)}
              </time>
              <span className="queue-solution__position">{t('reviewQueue.position', { n: index + 1, total: list.length })}</span>
              <span className={`queue-solution__state queue-solution__state--${shownVerdict ?? 'waiting'}`} data-testid="queue-state" data-verdict={shownVerdict ?? 'waiting'}>
                {shownVerdict ? t('reviewQueue.judgedTag', { verdict: t(`reviewQueue.${shownVerdict}`) }) : t('reviewQueue.waitingTag')}
              </span>
            </header>
            {task && task.checkMode === 'suggest' && !current.reviewed && (current.autoVerdict === 'correct' || current.autoVerdict === 'incorrect') ? (
              <p className="queue-solution__suggested">
                <i className="pi pi-bolt" aria-hidden="true" /> {t('reviewQueue.suggested', { verdict: t(`reviewQueue.${current.autoVerdict}`) })}
              </p>
            ) : null}
            {current.answer ? <MathText className="queue-solution__answer">{current.answer}</MathText> : current.imageSecureUrl ? null : <p className="field-hint">{t('reviewQueue.noText')}</p>}
            {current.imageSecureUrl ? (
              <ReviewPhoto
                key={current.id}
                src={current.imageSecureUrl}
                alt={t('reviewQueue.photoAlt', { name: current.author.name, task: task?.title ?? '' })}
                marks={marksOf(current)}
                onChange={(next) => setMarks((m) => ({ ...m, [current.id]: next }))}
                openWhen={annotateAsked}
                keyShortcut="M"
              />
            ) : null}
            <p className="review-queue__swipe-hint">{t('reviewQueue.swipeHint')}</p>
          </article>
          <div className="queue-judge">
            <div className="queue-judge__verdict" role="group" aria-label={t('reviewQueue.verdictGroup')}>
              <Button type="button" className="queue-judge__button queue-judge__button--correct" severity="success" icon="pi pi-check" onClick={() => judge(true)} data-testid="queue-correct" aria-keyshortcuts="C">
                <span className="queue-judge__label">{t('reviewQueue.correct')}</span>
                <kbd aria-hidden="true">C</kbd>
              </Button>
              <Button type="button" className="queue-judge__button queue-judge__button--incorrect" severity="danger" icon="pi pi-times" onClick={() => judge(false)} data-testid="queue-incorrect" aria-keyshortcuts="I">
                <span className="queue-judge__label">{t('reviewQueue.incorrect')}</span>
                <kbd aria-hidden="true">I</kbd>
              </Button>
            </div>
            <div className="queue-judge__feedback">
              <div className="field">
                <label htmlFor="queue-feedback">
                  {t('reviewQueue.feedback')} <kbd aria-hidden="true">E</kbd>
                </label>
                <InputTextarea
                  id="queue-feedback"
                  ref={feedbackBox}
                  rows={3}
                  autoResize
                  value={feedbackOf(current)}
                  onChange={(e) => {
                    const value = e.target.value;
                    setDrafts((d) => ({ ...d, [current.id]: value }));
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Escape') {
                      e.preventDefault();
                      e.currentTarget.blur();
                    }
                  }}
                  aria-describedby="queue-feedback-hint"
                  data-testid="queue-feedback"
                />
                <small id="queue-feedback-hint" className="field-hint">
                  {t('reviewQueue.feedbackHint')}
                </small>
              </div>
              <SavedComments
                snippets={snippets}
                onInsert={insert}
                onDelete={comments.confirmRemove}
                onSave={saveSnippet}
                canSave={feedbackOf(current).trim() !== '' && !snippets.some((s) => s.text.trim() === feedbackOf(current).trim())}
                saving={comments.saving}
              />
            </div>
          </div>
          {task ? <QueueTask task={task} /> : null}
        </div>
      )}
      {heldVerdict ? (
        <div className="review-queue__undo" data-testid="queue-undo">
          <span>{t('reviewQueue.undo.held', { verdict: t(heldVerdict.correct ? 'reviewQueue.correct' : 'reviewQueue.incorrect'), name: heldName })}</span>
          <Button type="button" size="small" icon="pi pi-undo" label={t('reviewQueue.undo.label')} aria-label={t('reviewQueue.undo.aria', { name: heldName })} onClick={undo} aria-keyshortcuts="U" />
        </div>
      ) : null}
      <KeysDialog visible={keysOpen} onHide={() => setKeysOpen(false)} />
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="queue-announcer">
        {announcement}
      </div>
    </section>
  );
}
