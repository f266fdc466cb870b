import { useTranslation } from 'react-i18next';

const MEDALS = {
  1: { key: 'gold', fill: '#facc15', rim: '#a16207', text: '#422006' },
  2: { key: 'silver', fill: '#e5e7eb', rim: '#6b7280', text: '#1f2937' },
  3: { key: 'bronze', fill: '#f0b27a', rim: '#9a3412', text: '#431407' },
} as const;

/** The rank of a row: a gold, silver or bronze medal for the podium, else the plain number. */
export function RankMedal({ rank, podium }: { rank: number; podium: boolean }) {
  const { t } = useTranslation();
  const medal = podium ? MEDALS[rank as 1 | 2 | 3] : undefined;
  if (!medal) return <span className="rank-number">{rank}</span>;
  return (
    <svg
      className={`rank-medal rank-medal--${medal.key}`}
      viewBox="0 0 32 38"
      width="32"
      height="38"
      role="img"
      aria-label={t(`leaderboard.medal.${medal.key}`, { rank })}
      data-medal={medal.key}
    >
      <path d="M8 0h6l4 12h-6z" fill="#1d4ed8" />
      <path d="M18 0h6l-4 12h-6z" fill="#b91c1c" />
      <circle cx="16" cy="24" r="12" fill={medal.fill} stroke={medal.rim} strokeWidth="2" />
      <text x="16" y="28.5" textAnchor="middle" fontSize="13" fontWeight="700" fill={medal.text} aria-hidden="true">
        {rank}
      </text>
    </svg>
  );
}
