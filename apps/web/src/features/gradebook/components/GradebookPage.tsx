import '../gradebook-texts';
import './gradebook.css';
import type { Group } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { SelectButton } from 'primereact/selectbutton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { formatSchoolTime } from '../../../lib/school-time';
import { useSchoolTimeZone } from '../../school/api/get-school';
import { downloadGradebook, useGradebook, useGradebookWeeks } from '../api/get-gradebook';
import { gradebookRows, successRates, type GradebookSort } from './gradebook-rows';
import { GradebookTable } from './GradebookTable';

// Chart.js is loaded with this page only (its own chunk).
const WeeklyChart = lazy(() => import('./WeeklyChart'));

/** The teacher's Gradebook page (PRODUCT.md §11): a group's matrix, its totals, its weeks, its downloads. */
export function GradebookPage({ groups, notOpen }: { groups: Group[]; /** Tasks not open yet: id → opensAt. */ notOpen?: ReadonlyMap<number, string> }) {
  const { t } = useTranslation();
  const timeZone = useSchoolTimeZone();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [sort, setSort] = useState<GradebookSort>('name');
  const [downloading, setDownloading] = useState<'csv' | 'xlsx' | null>(null);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const group = groups.find((g) => g.id === chosenId) ?? groups[0];
  const book = useGradebook(group?.id);
  const weeks = useGradebookWeeks(group?.id);

  async function download(format: 'csv' | 'xlsx') {
    if (!group) return;
    setDownloading(format);
    setDownloadFailed(false);
    try {
      await downloadGradebook(group.id, group.name, format);
    } catch (error) {
      console.error('Failed to download the gradebook', error);
      setDownloadFailed(true);
    } finally {
      setDownloading(null);
    }
  }

  const sortOptions = [
    { value: 'name', label: t('gradebook.sort.name') },
    { value: 'points', label: t('gradebook.sort.points') },
  ];

  return (
    <section className="page page--gradebook">
      <PageTitle>{t('gradebook.title')}</PageTitle>
      {!group ? (
        <Message severity="warn" className="page__message" text={t('gradebook.noGroup')} />
      ) : (
        <>
          <div className="gradebook__toolbar">
            {groups.length > 1 ? (
              <div className="field gradebook__group-field">
                <label htmlFor="gradebook-group">{t('gradebook.group')}</label>
                <Dropdown inputId="gradebook-group" value={group.id} options={groups.map((g) => ({ value: g.id, label: g.name }))} onChange={(e) => setChosenId(e.value as number)} />
              </div>
            ) : (
              <p className="gradebook__group">
                <i className="pi pi-users" aria-hidden="true" /> {t('gradebook.group')}: <strong>{group.name}</strong>
              </p>
            )}
            <SelectButton
              value={sort}
              options={sortOptions}
              onChange={(e) => {
                if (e.value) setSort(e.value as GradebookSort);
              }}
              allowEmpty={false}
              aria-label={t('gradebook.sort.label')}
              className="gradebook__sort"
            />
            <div className="gradebook__downloads">
              <Button type="button" icon="pi pi-download" label={t('gradebook.downloadCsv')} outlined size="small" loading={downloading === 'csv'} onClick={() => void download('csv')} />
              <Button type="button" icon="pi pi-file-excel" label={t('gradebook.downloadXlsx')} outlined size="small" loading={downloading === 'xlsx'} onClick={() => void download('xlsx')} />
            </div>
          </div>
          {downloadFailed ? <Message severity="error" className="page__message" text={t('gradebook.downloadFailed')} /> : null}
          <ul className="gradebook__legend" aria-label={t('gradebook.legend')}>
            {(['correct', 'incorrect', 'waiting', 'none'] as const).map((state) => (
              <li key={state} className={`gradebook-cell--${state}`}>
                <i className={`pi ${{ correct: 'pi-check', incorrect: 'pi-times', waiting: 'pi-clock', none: 'pi-minus' }[state]}`} aria-hidden="true" /> {t(`gradebook.state.${state}`)}
              </li>
            ))}
          </ul>

          {book.isError ? <Message severity="error" className="page__message" text={t('gradebook.loadFailed')} /> : null}
          {book.isPending ? (
            <div className="list-loading" role="status">
              <ProgressSpinner style={{ width: '3rem', height: '3rem' }} strokeWidth="4" aria-hidden="true" />
              <span className="visually-hidden">{t('app.loading')}</span>
            </div>
          ) : book.data && (book.data.students.length === 0 || book.data.tasks.length === 0) ? (
            <p className="list-empty">{t('gradebook.empty')}</p>
          ) : book.data ? (
            <GradebookTable
              tasks={book.data.tasks}
              rows={gradebookRows(book.data, sort)}
              rates={successRates(book.data)}
              caption={t('gradebook.caption', { group: group.name })}
              opensAt={(taskId) => {
                const at = notOpen?.get(taskId);
                return at ? formatSchoolTime(at, timeZone) : null;
              }}
            />
          ) : null}

          {weeks.data ? (
            <Suspense fallback={<div className="gradebook-chart gradebook-chart--loading" />}>
              <WeeklyChart weeks={weeks.data} timeZone={timeZone} />
            </Suspense>
          ) : null}
        </>
      )}
    </section>
  );
}
