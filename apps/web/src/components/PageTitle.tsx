import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Inside the teacher and student areas the area title is the h1, so page titles become h2. */
export const InsideAreaContext = createContext(false);

/** The page's main heading; also keeps the document title in step with it. */
export function PageTitle({ children, centered = false }: { children: string; centered?: boolean }) {
  const { t } = useTranslation();
  const insideArea = useContext(InsideAreaContext);
  useEffect(() => {
    document.title = `${children} · ${t('app.name')}`;
  }, [children, t]);
  const className = centered ? 'page-title page-title--centered' : 'page-title';
  return insideArea ? <h2 className={className}>{children}</h2> : <h1 className={className}>{children}</h1>;
}
