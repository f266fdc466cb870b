import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '../../components/Icon';
import { paths } from '../../config/paths';
import { logOut } from '../../lib/logout';
import { isTeacher, useSession } from '../../lib/session';
import { useNotifications } from '../../features/notifications/api/get-notifications';
import { useReadNotifications } from '../../features/notifications/api/read-notifications';
import { notificationText, notificationTime } from '../../features/notifications/components/notification-text';

/** How many of the newest notifications the menu lists. */
const MENU_NOTIFICATIONS = 8;

/**
 * Avatar with the first letter of the name and an unread badge; opens the newest notifications
 * (marked read once shown), then My Profile / Logout. A small menu button of its
 * own (WAI-ARIA menu button pattern) so that the shell loads no UI library.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const notifications = useNotifications(Boolean(user));
  const markRead = useReadNotifications();
  const unread = notifications.data?.unread ?? 0;
  const shown = (notifications.data?.notifications ?? []).slice(0, MENU_NOTIFICATIONS);
  const unreadShown = shown.filter((n) => !n.read).map((n) => n.id);

  // Opening focuses the first item; a click anywhere else closes the menu.
  // What the open menu shows counts as read (the badge goes down at once).
  const unreadKey = unreadShown.join(',');
  useEffect(() => {
    if (open && unreadKey) markRead.mutate(unreadKey.split(',').map(Number));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when opened or new ones arrive
  }, [open, unreadKey]);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  if (!user) return null;

  const letter = (user.name.trim()[0] ?? user.login[0] ?? '?').toUpperCase();
  const items = [
    {
      label: t('nav.myProfile'),
      icon: 'user' as const,
      run: () => void navigate(isTeacher(user.role) ? paths.teacher.profile : paths.student.profile),
    },
    {
      label: t('nav.logout'),
      icon: 'sign-out' as const,
      run: () => {
        logOut();
        queryClient.clear();
        void navigate(paths.login);
      },
    },
  ];

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const all = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const index = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      all[(index + step + all.length) % all.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      all[event.key === 'Home' ? 0 : all.length - 1]?.focus();
    }
  }

  return (
    <div className="user-menu">
      <button
        ref={button}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-controls="user-menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
        data-testid="user-menu-button"
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {letter}
          {unread > 0 ? (
            <span className="user-menu__badge" data-testid="unread-badge">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </span>
        <span className="user-menu__name">{user.name}</span>
        <span className="visually-hidden">{t('nav.userMenuSuffix')}</span>
        {unread > 0 ? <span className="visually-hidden">{t('notifications.unread', { count: unread })}</span> : null}
        <Icon name="angle-down" />
      </button>
      {open ? (
        <ul ref={menu} id="user-menu" role="menu" aria-label={user.name} className="user-menu__list" onKeyDown={onKeyDown}>
          <li role="presentation" className="user-menu__heading" id="user-menu-notifications">
            {t('notifications.title')}
          </li>
          {shown.length === 0 ? (
            <li role="presentation" className="user-menu__empty">
              {t('notifications.empty')}
            </li>
          ) : (
            shown.map((n) => (
              <li key={n.id} role="none">
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={`user-menu__item user-menu__notification${n.read ? '' : ' user-menu__notification--unread'}`}
                  data-testid="notification-item"
                  onClick={() => {
                    setOpen(false);
                    void navigate(n.kind === 'student.waiting' ? paths.teacher.students : isTeacher(user.role) ? paths.teacher.review : paths.student.root);
                  }}
                >
                  <span className="user-menu__notification-text">{notificationText(t, n)}</span>
                  {n.kind === 'solution.judged' && n.feedback ? <span className="user-menu__notification-feedback">{n.feedback}</span> : null}
                  <span className="user-menu__notification-time">{notificationTime(n.createdAt)}</span>
                </button>
              </li>
            ))
          )}
          <li role="separator" className="user-menu__separator" />
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="user-menu__item"
                onClick={() => {
                  setOpen(false);
                  item.run();
                }}
              >
                <Icon name={item.icon} className="user-menu__item-icon" />
                <span>{item.label}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
