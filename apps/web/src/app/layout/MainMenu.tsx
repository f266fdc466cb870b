import { Menubar } from 'primereact/menubar';
import type { MenuItem } from 'primereact/menuitem';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { isTeacher, useSession } from '../../lib/session';

interface Entry {
  key: string;
  label: string;
  icon: string;
  to: string;
}

/** Landing anchors on /, Home elsewhere, then the entries of the signed-in role. */
export function MainMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  const entries: Entry[] = [];
  if (location.pathname === paths.home) {
    entries.push(
      { key: 'what', label: t('nav.whatItIs'), icon: 'pi pi-info-circle', to: `#${paths.anchors.whatItIs}` },
      { key: 'for', label: t('nav.perfectFor'), icon: 'pi pi-users', to: `#${paths.anchors.perfectFor}` },
    );
  } else {
    entries.push({ key: 'home', label: t('nav.home'), icon: 'pi pi-home', to: paths.home });
  }
  if (user && isTeacher(user.role)) {
    entries.push(
      { key: 'students', label: t('nav.students'), icon: 'pi pi-id-card', to: paths.teacher.students },
      { key: 'tasks', label: t('nav.tasks'), icon: 'pi pi-list', to: paths.teacher.tasks },
      { key: 'review', label: t('nav.review'), icon: 'pi pi-check-square', to: paths.teacher.review },
      { key: 'groups', label: t('nav.groups'), icon: 'pi pi-sitemap', to: paths.teacher.groups },
      { key: 'leaderboard', label: t('nav.leaderboard'), icon: 'pi pi-trophy', to: paths.teacher.leaderboard },
    );
  } else if (user?.role === 'student') {
    entries.push(
      { key: 'arena', label: t('nav.myArena'), icon: 'pi pi-bolt', to: paths.student.root },
      { key: 'leaderboard', label: t('nav.leaderboard'), icon: 'pi pi-trophy', to: paths.student.leaderboard },
    );
  }

  const model: MenuItem[] = entries.map((entry) => {
    const active = !entry.to.startsWith('#') && location.pathname === entry.to;
    return {
      id: `menu-${entry.key}`,
      label: entry.label,
      icon: entry.icon,
      url: entry.to,
      className: active ? 'main-menu__item--active' : undefined,
      command: (e) => {
        e.originalEvent.preventDefault();
        if (entry.to.startsWith('#')) {
          const id = entry.to.slice(1);
          document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          window.history.replaceState(null, '', entry.to);
          document.getElementById(id)?.focus({ preventScroll: true });
        } else {
          void navigate(entry.to);
        }
      },
    };
  });

  return (
    <nav aria-label={t('nav.mainMenu')} className="main-menu">
      <Menubar model={model} className="main-menu__bar" />
    </nav>
  );
}
