import '../gradebook-texts';
import type { GradebookWeek } from '@mathclub/shared';
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';

// Only what a bar chart needs: Chart.js is tree-shaken to these parts, and this file is loaded
// only by the Gradebook page (React.lazy), never by the arena.
ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

/** Solutions the group sent per week (Monday-start weeks in the school's zone); a table says the same for screen readers. */
export default function WeeklyChart({ weeks, timeZone }: { weeks: GradebookWeek[]; timeZone: string }) {
  const { t } = useTranslation();
  const day = new Intl.DateTimeFormat('uk-UA', { timeZone, day: 'numeric', month: 'short' });
  const labels = weeks.map((w) => day.format(new Date(w.weekStart)));
  return (
    <figure className="gradebook-chart">
      <figcaption className="gradebook-chart__title">{t('gradebook.chartTitle')}</figcaption>
      <div className="gradebook-chart__canvas" aria-hidden="true">
        <Bar
          data={{ labels, datasets: [{ label: t('gradebook.chartSeries'), data: weeks.map((w) => w.solutions), backgroundColor: '#2563eb', borderRadius: 4 }] }}
          options={{ responsive: true, maintainAspectRatio: false, animation: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } }, plugins: { legend: { display: false } } }}
        />
      </div>
      <table className="visually-hidden">
        <caption>{t('gradebook.chartTitle')}</caption>
        <tbody>
          {weeks.map((w, i) => (
            <tr key={w.weekStart}>
              <th scope="row">{t('gradebook.weekOf', { date: labels[i] })}</th>
              <td>{w.solutions}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
