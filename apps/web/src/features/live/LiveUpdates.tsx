import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { applyLiveEvent, type LiveToast } from './apply-live-event';
import { connectLive } from './live-connection';
import './live.css';

const TOAST_MS = 6_000;

interface ShownToast {
  id: number;
  toast: LiveToast;
}

let nextToastId = 0;

/**
 * The signed-in user's live stream, opened as soon as the app starts (not after the page has
 * loaded): events update the query caches and some show a toast (a verdict, an achievement, a new
 * task, a new answer). Toasts sit in a polite live region and go after a few seconds.
 */
export function LiveUpdates() {
  const { t } = useTranslation();
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const myId = user?.id;

  useEffect(() => {
    if (!token) return;
    return connectLive({
      token,
      onEvent: (event) => {
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        const toast = applyLiveEvent(queryClient, event.event, data, myId);
        if (!toast) return;
        const id = ++nextToastId;
        setToasts((list) => [...list.slice(-2), { id, toast }]);
        setTimeout(() => setToasts((list) => list.filter((x) => x.id !== id)), TOAST_MS);
      },
    });
  }, [token, myId, queryClient]);

  const text = (toast: LiveToast): string => {
    switch (toast.kind) {
      case 'verdict': {
        const verdict = t(toast.correct ? 'live.toast.correct' : 'live.toast.incorrect', { title: toast.title });
        return toast.marked ? t('notifications.item.withMarks', { verdict }) : verdict;
      }
      case 'achievement':
        return t('live.toast.achievement', { name: t(`achievements.name.${toast.code}`) });
      case 'task':
        return t('live.toast.newTask', { title: toast.title });
      case 'answer':
        return t('live.toast.newAnswer', { name: toast.name, title: toast.title });
    }
  };

  return (
    <div className="live-toasts" role="status" aria-live="polite" data-testid="live-toasts">
      {toasts.map(({ id, toast }) => (
        <div key={id} className={`live-toast live-toast--${toast.kind === 'verdict' ? (toast.correct ? 'correct' : 'incorrect') : 'info'}`} data-testid="live-toast">
          <span>{text(toast)}</span>
          <button type="button" className="live-toast__close" aria-label={t('live.toast.close')} onClick={() => setToasts((list) => list.filter((x) => x.id !== id))}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
