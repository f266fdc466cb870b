import { Outlet } from 'react-router';
import { InsideAreaContext } from '../../components/PageTitle';

/** The teacher and student pages: a centred area title above the embedded view. */
export function AreaLayout({ title }: { title: string }) {
  return (
    <div className="area">
      <h1 className="area__title">{title}</h1>
      <InsideAreaContext.Provider value={true}>
        <Outlet />
      </InsideAreaContext.Provider>
    </div>
  );
}
