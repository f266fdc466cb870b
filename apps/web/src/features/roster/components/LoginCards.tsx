import '../roster-texts';
import type { ImportResponse } from '@mathclub/shared';
import { toCsv } from '@mathclub/shared/roster';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';

/**
 * One card per imported student: name, group, the address, login and password, several per A4
 * sheet when printed (roster.css's print rules hide everything else). The CSV download goes
 * through the shared `toCsv`, which keeps formula-looking names from running in a spreadsheet.
 */
export function LoginCards({ students, groupName, onAnother }: { students: ImportResponse['created']; groupName: string; onAnother: () => void }) {
  const { t } = useTranslation();
  const address = `${window.location.origin}${paths.login}`;

  function download() {
    const csv = toCsv([[t('rosterImport.columns.name'), t('rosterImport.cards.login'), t('rosterImport.cards.password')], ...students.map((s) => [s.name, s.login, s.password])]);
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${groupName || 'class'}-logins.csv`;
    a.click();
    URL.revokeObjectURL(url);
  }

  return (
    <>
      <div className="roster__actions roster__screen-only">
        <Button type="button" icon="pi pi-print" label={t('rosterImport.cards.print')} onClick={() => window.print()} />
        <Button type="button" icon="pi pi-download" severity="secondary" outlined label={t('rosterImport.cards.download')} onClick={download} />
        <Button type="button" icon="pi pi-upload" severity="secondary" text label={t('rosterImport.cards.another')} onClick={onAnother} />
      </div>
      <ul className="login-cards" aria-label={t('rosterImport.cards.title')} data-testid="login-cards">
        {students.map((s) => (
          <li className="login-card" key={s.id}>
            <p className="login-card__name">{s.name}</p>
            <p className="login-card__group">{groupName}</p>
            <dl className="login-card__facts">
              <dt>{t('rosterImport.cards.address')}</dt>
              <dd>{address}</dd>
              <dt>{t('rosterImport.cards.login')}</dt>
              <dd className="login-card__secret">{s.login}</dd>
              <dt>{t('rosterImport.cards.password')}</dt>
              <dd className="login-card__secret">{s.password}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
