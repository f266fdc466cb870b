import '../roster-texts';
import { ROSTER_MAX_BYTES, ROSTER_MAX_ROWS, type ImportResponse, type RosterError } from '@mathclub/shared';
import { parseRoster, type RosterParse } from '@mathclub/shared/roster';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { useProfile } from '../../profile/api/get-profile';
import { RosterImportError, useImportRoster } from '../api/import-roster';
import { LoginCards } from './LoginCards';
import './roster.css';

const COLUMNS = ['name', 'grade', 'letter', 'login'] as const;

/**
 * Bringing a class in (PRODUCT.md §13): pick the group and a CSV file, see every row with its
 * problems before anything is sent (the same parser the server uses), import, and print the login
 * cards. The passwords exist only in this page's memory: leaving it loses them (the teacher can
 * still set a new one per student).
 */
export function RosterImportPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const importRoster = useImportRoster();
  const groups = profile.data?.groups ?? [];
  const [groupId, setGroupId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<RosterParse | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<RosterError[]>([]);
  const [created, setCreated] = useState<{ result: ImportResponse; groupName: string } | null>(null);
  const fileInput = useId();
  const chosenGroup = groupId ?? (groups.length === 1 ? groups[0]!.id : null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    setFile(picked);
    setPreview(null);
    setServerErrors([]);
    importRoster.reset();
    setFileError(null);
    if (!picked) return;
    if (picked.size > ROSTER_MAX_BYTES) return setFileError(t('rosterImport.error.tooLarge'));
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(await picked.arrayBuffer());
      setPreview(parseRoster(text));
    } catch {
      setPreview({ rows: [], lines: [], errors: [{ line: 1, field: 'row', message: 'rosterImport.error.notText' }] });
    }
  }

  function submit() {
    if (!file || chosenGroup === null || !preview || preview.errors.length > 0) return;
    const groupName = groups.find((g) => g.id === chosenGroup)?.name ?? '';
    importRoster.mutate(
      { groupId: chosenGroup, file },
      {
        onSuccess: (result) => setCreated({ result, groupName }),
        onError: (error) => setServerErrors(error instanceof RosterImportError ? error.rows : []),
      },
    );
  }

  if (created) {
    return (
      <section className="page roster">
        <div className="roster__screen-only">
          <PageTitle>{t('rosterImport.cards.title')}</PageTitle>
          <Message severity="success" text={t('rosterImport.cards.done', { count: created.result.created.length, group: created.groupName })} />
          <p className="page__intro">{t('rosterImport.cards.onlyOnce')}</p>
        </div>
        <LoginCards students={created.result.created} groupName={created.groupName} onAnother={() => {
          setCreated(null);
          setFile(null);
          setPreview(null);
        }} />
      </section>
    );
  }

  const problems = [...(preview?.errors ?? []), ...serverErrors];
  const problemsByLine = new Map<number, RosterError[]>();
  for (const p of problems) problemsByLine.set(p.line, [...(problemsByLine.get(p.line) ?? []), p]);
  const lines = preview?.lines ?? [];
  const canImport = Boolean(file && chosenGroup !== null && preview && preview.errors.length === 0 && preview.rows.length > 0);

  return (
    <section className="page roster">
      <PageTitle>{t('rosterImport.title')}</PageTitle>
      <p className="page__intro">{t('rosterImport.intro', { rows: ROSTER_MAX_ROWS })}</p>
      <pre className="roster__sample" aria-label={t('rosterImport.sampleLabel')}>{t('rosterImport.sample')}</pre>

      <div className="roster__form">
        <div className="field">
          <label htmlFor="roster-group">{t('rosterImport.group')}</label>
          <Dropdown
            inputId="roster-group"
            value={chosenGroup}
            options={groups.map((g) => ({ value: g.id, label: g.name }))}
            onChange={(e) => setGroupId(e.value as number)}
            placeholder={t('rosterImport.groupPlaceholder')}
            emptyMessage={t('rosterImport.noGroups')}
          />
        </div>
        <div className="field">
          <label htmlFor={fileInput}>{t('rosterImport.file')}</label>
          <input id={fileInput} type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void choose(e)} className="roster__file" data-testid="roster-file" />
        </div>
      </div>
      {fileError ? <Message severity="error" text={fileError} /> : null}

      {preview ? (
        <div className="roster__preview" aria-live="polite">
          <h3 className="roster__heading">{t('rosterImport.preview.title')}</h3>
          {problems.length > 0 ? (
            <Message severity="error" text={t('rosterImport.preview.problems', { count: problemsByLine.size })} data-testid="roster-problems" />
          ) : (
            <Message severity="success" text={t('rosterImport.preview.ready', { count: preview.rows.length })} />
          )}
          {lines.length === 0 && problems.length > 0 ? (
            <ul className="roster__general-problems">
              {problems.map((p) => (
                <li key={`${p.line}-${p.message}`}>{t('rosterImport.preview.lineProblem', { line: p.line, problem: t(p.message) })}</li>
              ))}
            </ul>
          ) : null}
          {lines.length > 0 ? (
            <div className="roster__table-wrap">
              <table className="roster__table">
                <thead>
                  <tr>
                    <th scope="col">{t('rosterImport.preview.line')}</th>
                    {COLUMNS.map((c) => (
                      <th scope="col" key={c}>
                        {t(`rosterImport.columns.${c}`)}
                      </th>
                    ))}
                    <th scope="col">{t('rosterImport.preview.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line) => {
                    const lineProblems = problemsByLine.get(line.line) ?? [];
                    const bad = new Set(lineProblems.map((p) => p.field));
                    return (
                      <tr key={line.line} className={lineProblems.length > 0 ? 'roster__row--bad' : undefined}>
                        <td data-label={t('rosterImport.preview.line')}>{line.line}</td>
                        {COLUMNS.map((c, i) => (
                          <td key={c} data-label={t(`rosterImport.columns.${c}`)} className={bad.has(c) || bad.has('row') ? 'roster__cell--bad' : undefined}>
                            {line.cells[i] ?? ''}
                          </td>
                        ))}
                        <td data-label={t('rosterImport.preview.status')}>
                          {lineProblems.length === 0 ? (
                            <span className="roster__ok">{t('rosterImport.preview.ok')}</span>
                          ) : (
                            <ul className="roster__problems">
                              {lineProblems.map((p) => (
                                <li key={p.message}>{t(p.message)}</li>
                              ))}
                            </ul>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ) : null}
        </div>
      ) : null}

      {importRoster.isError && serverErrors.length === 0 ? <Message severity="error" text={importRoster.error.message} /> : null}
      {problems.length > 0 ? (
        // Nothing can be imported while a line is wrong: say what to fix, not a disabled button (issue 49).
        <div className="roster__fix" role="note" data-testid="roster-fix">
          <p className="roster__fix-lead">{t('rosterImport.fix.lead', { count: problemsByLine.size })}</p>
          <ul className="roster__fix-list">
            {problems.slice(0, 5).map((p, i) => (
              <li key={`${p.line}-${p.message}-${i}`}>{t('rosterImport.preview.lineProblem', { line: p.line, problem: t(p.message) })}</li>
            ))}
            {problems.length > 5 ? <li>{t('rosterImport.fix.more', { count: problems.length - 5 })}</li> : null}
          </ul>
          <Button type="button" icon="pi pi-file-import" label={t('rosterImport.fix.choose')} outlined onClick={() => document.getElementById(fileInput)?.click()} />
        </div>
      ) : (
        <div className="roster__actions">
          <Button
            type="button"
            icon="pi pi-upload"
            label={t('rosterImport.submit', { count: preview?.rows.length ?? 0 })}
            disabled={!canImport}
            loading={importRoster.isPending}
            onClick={submit}
          />
          {chosenGroup === null && preview ? <small>{t('rosterImport.pickGroup')}</small> : null}
        </div>
      )}
    </section>
  );
}
