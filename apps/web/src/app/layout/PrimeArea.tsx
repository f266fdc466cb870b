// PrimeReact's theme, its structural CSS and the icon font (~200 KB of CSS) arrive with the first
// page that uses PrimeReact's look, not with the shell: Vite puts these imports in this lazy
// chunk's CSS, and prime.css (our overrides) after them so that the overrides win. PrimeReact's
// provider (JavaScript) comes with each page that uses its components (routes/lazy-pages.tsx): the
// student's arena draws PrimeReact's classes on plain elements and loads none of it up front.
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import '../prime.css';
import { Outlet } from 'react-router';

/** Layout route around every page that uses PrimeReact's look. */
export function PrimeArea() {
  return <Outlet />;
}
