import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { InsideAreaContext } from '../../components/PageTitle';

/** The teacher and student pages: a centred area title above the embedded view (`before` it: a notice for the whole area). */
export function AreaLayout({ title, before }: { title: string; before?: ReactNode }) {
  return (
    <div className="area">
      <h1 className="area__title">{title}</h1>
      {before}
      <InsideAreaContext.Provider value={true}>
        <Outlet />
      </InsideAreaContext.Provider>
    </div>
  );
}
