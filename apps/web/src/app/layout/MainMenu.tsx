import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../components/Icon';
import type { IconName } from '../../components/icon-names';
import { paths } from '../../config/paths';
import { useMenuBadges } from '../../lib/menu-badges';
import { isTeacher, useSession } from '../../lib/session';

interface Entry {
  key: string;
  label: string;
  icon: IconName;
  to: string;
}

/** Moves focus between the menu's items the way a menubar does (arrows, Home, End). */
function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
  const items = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('[role="menuitem"]')];
  const index = items.indexOf(document.activeElement as HTMLAnchorElement);
  if (index < 0) return;
  const next: Record<string, number> = {
    ArrowRight: (index + 1) % items.length,
    ArrowDown: (index + 1) % items.length,
    ArrowLeft: (index - 1 + items.length) % items.length,
    ArrowUp: (index - 1 + items.length) % items.length,
    Home: 0,
    End: items.length - 1,
  };
  const target = next[event.key];
  if (target === undefined) return;
  event.preventDefault();
  items[target]?.focus();
}

/**
 * Landing anchors on /, Home elsewhere, then the entries of the signed-in role. A menubar of plain
 * links (the shell loads no UI library); below 960 px it folds behind a menu button.
 */
export function MainMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  // Open for the address it was opened at: following a link (or going back) folds it again.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const setOpen = (next: boolean) => setOpenAt(next ? location.key : null);
  const [focusIndex, setFocusIndex] = useState(0);
  const toggle = useRef<HTMLButtonElement>(null);
  const badges = useMenuBadges();

  const entries: Entry[] = [];
  if (location.pathname === paths.home) {
    entries.push(
      { key: 'what', label: t('nav.whatItIs'), icon: 'info-circle', to: `#${paths.anchors.whatItIs}` },
      { key: 'for', label: t('nav.perfectFor'), icon: 'users', to: `#${paths.anchors.perfectFor}` },
    );
  } else {
    entries.push({ key: 'home', label: t('nav.home'), icon: 'home', to: paths.home });
  }
  if (user && isTeacher(user.role)) {
    entries.push(
      { key: 'students', label: t('nav.students'), icon: 'id-card', to: paths.teacher.students },
      { key: 'tasks', label: t('nav.tasks'), icon: 'list', to: paths.teacher.tasks },
      { key: 'review', label: t('nav.review'), icon: 'check-square', to: paths.teacher.review },
      { key: 'groups', label: t('nav.groups'), icon: 'sitemap', to: paths.teacher.groups },
      { key: 'import', label: t('nav.import'), icon: 'user-plus', to: paths.teacher.import },
      { key: 'leaderboard', label: t('nav.leaderboard'), icon: 'trophy', to: paths.teacher.leaderboard },
      { key: 'gradebook', label: t('nav.gradebook'), icon: 'chart-bar', to: paths.teacher.gradebook },
    );
  } else if (user?.role === 'student') {
    entries.push(
      { key: 'arena', label: t('nav.myArena'), icon: 'bolt', to: paths.student.root },
      { key: 'leaderboard', label: t('nav.leaderboard'), icon: 'trophy', to: paths.student.leaderboard },
    );
  } else if (!user) {
    // A visitor's way in (the top bar has Login): on a phone the menu was "Home" alone (issue 26).
    entries.push({ key: 'signup', label: t('nav.signUp'), icon: 'user-plus', to: paths.signup });
  }
  const tabStop = Math.min(focusIndex, entries.length - 1);
  const badgeOf = (key: string) => (user && isTeacher(user.role) ? (badges[key] ?? 0) : 0);
  const anyBadge = entries.some((e) => badgeOf(e.key) > 0);

  function goToAnchor(event: MouseEvent<HTMLAnchorElement>, anchor: string) {
    event.preventDefault();
    const id = anchor.slice(1);
    document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    window.history.replaceState(null, '', anchor);
    document.getElementById(id)?.focus({ preventScroll: true });
    setOpen(false);
  }

  return (
    <nav aria-label={t('nav.mainMenu')} className="main-menu">
      <button
        ref={toggle}
        type="button"
        className="main-menu__toggle"
        aria-label={t('nav.openMenu')}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls="main-menu-list"
        onClick={() => setOpen(!open)}
      >
        <Icon name="bars" />
        {anyBadge ? <span className="main-menu__dot" aria-hidden="true" /> : null}
      </button>
      <ul
        id="main-menu-list"
        role="menubar"
        aria-label={t('nav.mainMenu')}
        className={open ? 'main-menu__list main-menu__list--open' : 'main-menu__list'}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            setOpen(false);
            toggle.current?.focus();
            return;
          }
          onMenuKeyDown(e);
        }}
      >
        {entries.map((entry, index) => {
          const active = !entry.to.startsWith('#') && location.pathname === entry.to;
          const content = (
            <>
              <Icon name={entry.icon} className="main-menu__icon" />
              <span>{entry.label}</span>
              {badgeOf(entry.key) > 0 ? (
                <>
                  <span className="main-menu__badge" aria-hidden="true" data-testid={`menu-badge-${entry.key}`}>
                    {badgeOf(entry.key)}
                  </span>
                  <span className="visually-hidden">{t(`nav.badge.${entry.key}`, { count: badgeOf(entry.key) })}</span>
                </>
              ) : null}
            </>
          );
          const common = {
            id: `menu-${entry.key}`,
            role: 'menuitem',
            tabIndex: index === tabStop ? 0 : -1,
            className: active ? 'main-menu__link main-menu__link--active' : 'main-menu__link',
            onFocus: () => setFocusIndex(index),
          } as const;
          return (
            <li key={entry.key} role="none">
              {entry.to.startsWith('#') ? (
                <a href={entry.to} {...common} onClick={(e) => goToAnchor(e, entry.to)}>
                  {content}
                </a>
              ) : (
                <Link to={entry.to} {...common} aria-current={active ? 'page' : undefined}>
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
