// PrimeReact's theme, its structural CSS and the icon font (~200 KB of CSS) arrive with the first
// page that uses PrimeReact, not with the shell: Vite puts these imports in this lazy chunk's CSS,
// and prime.css (our overrides) after them so that the overrides win.
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import '../prime.css';
import { Outlet } from 'react-router';
import { PrimeProviders } from '../prime-providers';

/** Layout route around every page that uses PrimeReact components. */
export function PrimeArea() {
  return (
    <PrimeProviders>
      <Outlet />
    </PrimeProviders>
  );
}
