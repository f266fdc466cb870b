import { taskWindow, type TeacherTask } from '@mathclub/shared';
import { useTranslation } from 'react-i18next';
import { formatSchoolTime } from '../../../lib/school-time';

/**
 * How a task is going (PRODUCT.md §10): students who answered, were judged correct, answers
 * waiting, a thin bar of correct among answered; whether it is open, scheduled or closed; and
 * whether it has an answer key and how answers are judged (issue 49).
 */
export function TaskProgress({ task, timeZone, now }: { task: TeacherTask; timeZone: string; now: number }) {
  const { t } = useTranslation();
  const { answered, correct, waiting } = task.counts;
  const window = taskWindow(task, now);
  const when = (iso: string) => formatSchoolTime(iso, timeZone);
  const share = answered === 0 ? 0 : Math.round((100 * correct) / answered);
  return (
    <div className="task-progress">
      <div className="task-progress__row">
        <span className={`task-window task-window--${window}`}>
          <i className={`pi ${window === 'open' ? 'pi-lock-open' : window === 'scheduled' ? 'pi-calendar' : 'pi-lock'}`} aria-hidden="true" />{' '}
          {window === 'scheduled' ? t('teacher.tasks.window.scheduled', { time: when(task.opensAt!) }) : window === 'closed' ? t('teacher.tasks.window.closed', { time: when(task.closesAt!) }) : t('teacher.tasks.window.open')}
          {window === 'open' && task.closesAt ? ` · ${t('teacher.tasks.window.closes', { time: when(task.closesAt) })}` : ''}
        </span>
        <span className={`task-key task-key--${task.answerKind === 'none' ? 'none' : task.checkMode}`} data-testid="task-key">
          <i className={`pi ${task.answerKind === 'none' ? 'pi-user-edit' : task.checkMode === 'auto' ? 'pi-bolt' : task.checkMode === 'suggest' ? 'pi-lightbulb' : 'pi-key'}`} aria-hidden="true" />{' '}
          {task.answerKind === 'none'
            ? t('teacher.tasks.keyTag.none')
            : t('teacher.tasks.keyTag.keyed', { kind: t(`teacher.tasks.answerKey.kinds.${task.answerKind}`), mode: t(`teacher.tasks.keyTag.modes.${task.checkMode}`) })}
        </span>
        <ul className="task-progress__counts" aria-label={t('teacher.tasks.counts.label')}>
          <li>{t('teacher.tasks.counts.answered', { count: answered })}</li>
          <li className="task-progress__correct">{t('teacher.tasks.counts.correct', { count: correct })}</li>
          <li className={waiting > 0 ? 'task-progress__waiting' : undefined}>{t('teacher.tasks.counts.waiting', { count: waiting })}</li>
        </ul>
      </div>
      <div
        className="task-progress__bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
        aria-label={t('teacher.tasks.counts.bar', { correct, answered })}
      >
        <span style={{ width: `${share}%` }} />
      </div>
    </div>
  );
}
