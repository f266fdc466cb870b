import { Avatar } from 'primereact/avatar';
import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { clearSession, isTeacher, useSession } from '../../lib/session';
import { useQueryClient } from '@tanstack/react-query';

/** Avatar with the first letter of the name; opens My Profile / Logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const menu = useRef<Menu>(null);
  if (!user) return null;

  const letter = (user.name.trim()[0] ?? user.login[0] ?? '?').toUpperCase();
  const items: MenuItem[] = [
    {
      label: t('nav.myProfile'),
      icon: 'pi pi-user',
      command: () => void navigate(isTeacher(user.role) ? paths.teacher.profile : paths.student.profile),
    },
    {
      label: t('nav.logout'),
      icon: 'pi pi-sign-out',
      command: () => {
        clearSession();
        queryClient.clear();
        void navigate(paths.login);
      },
    },
  ];

  return (
    <>
      <button
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-controls="user-menu"
        onClick={(e) => menu.current?.toggle(e)}
        data-testid="user-menu-button"
      >
        <Avatar label={letter} shape="circle" className="user-menu__avatar" aria-hidden="true" />
        <span className="user-menu__name">{user.name}</span>
        <span className="visually-hidden">{t('nav.userMenuSuffix')}</span>
        <i className="pi pi-angle-down" aria-hidden="true" />
      </button>
      <Menu model={items} popup ref={menu} id="user-menu" popupAlignment="right" />
    </>
  );
}
