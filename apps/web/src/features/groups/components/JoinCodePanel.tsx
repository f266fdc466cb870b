import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import QRCode from 'qrcode';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-error';
import { useGroupSettings, useRotateJoinCode, useUpdateGroupSettings } from '../api/group-settings';
import './join-code.css';

/** The address a join code opens: the page that takes a student through sign-up or sign-in into the group. */
export const joinLink = (code: string) => `${window.location.origin}${paths.join}?code=${encodeURIComponent(code)}`;

/** The QR code of the join link, as an SVG data URL (the CSP allows data: images, never inline script). */
function useQrDataUrl(text: string | null): string | null {
  const qr = useQuery({
    queryKey: ['join-code-qr', text],
    queryFn: async () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await QRCode.toString(text!, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }))}`,
    enabled: text !== null,
    staleTime: Infinity,
  });
  return text ? (qr.data ?? null) : null;
}

/**
 * A group's join code for the classroom (PRODUCT.md §13): large enough to read from the back row,
 * a copy button, a QR code of the join link, a new code on demand, and the group's intake and
 * privacy switches.
 */
export function JoinCodePanel({ groupId, groupName }: { groupId: number; groupName: string }) {
  const { t } = useTranslation();
  const settings = useGroupSettings(groupId);
  const rotate = useRotateJoinCode(groupId);
  const update = useUpdateGroupSettings(groupId);
  const [copied, setCopied] = useState<'code' | 'link' | null>(null);
  const code = settings.data?.joinCode ?? null;
  const qr = useQrDataUrl(code ? joinLink(code) : null);
  const ids = useId();

  async function copy(what: 'code' | 'link') {
    if (!code) return;
    await navigator.clipboard.writeText(what === 'code' ? code : joinLink(code)).catch(() => undefined);
    setCopied(what);
  }

  if (settings.isError) {
    const notMine = settings.error instanceof ApiRequestError && settings.error.status === 403;
    return <Message severity={notMine ? 'info' : 'error'} text={t(notMine ? 'joinCode.notYourGroup' : 'joinCode.loadFailed')} />;
  }
  if (!settings.data) return <p>{t('common.loading')}</p>;

  const switches = [
    { key: 'closed', label: t('joinCode.settings.closed'), hint: t('joinCode.settings.closedHint') },
    { key: 'activateOnJoin', label: t('joinCode.settings.activateOnJoin'), hint: t('joinCode.settings.activateOnJoinHint') },
    { key: 'leaderboardShortNames', label: t('joinCode.settings.shortNames'), hint: t('joinCode.settings.shortNamesHint') },
  ] as const;

  return (
    <div className="join-code" data-testid="join-code-panel">
      {code ? (
        <>
          <p className="join-code__lead">{t('joinCode.lead', { group: groupName })}</p>
          <div className="join-code__show">
            <output className="join-code__code" aria-label={t('joinCode.codeLabel')} data-testid="join-code">
              {code.slice(0, 4)}
              <span className="join-code__gap" aria-hidden="true" />
              {code.slice(4)}
            </output>
            {qr ? <img className="join-code__qr" src={qr} alt={t('joinCode.qrAlt')} width={176} height={176} /> : null}
          </div>
          <p className="join-code__link">
            <a href={joinLink(code)} data-testid="join-link">
              {joinLink(code)}
            </a>
          </p>
          <div className="join-code__actions">
            <Button type="button" icon="pi pi-copy" label={copied === 'code' ? t('joinCode.copied') : t('joinCode.copyCode')} onClick={() => void copy('code')} />
            <Button type="button" icon="pi pi-link" severity="secondary" outlined label={copied === 'link' ? t('joinCode.copied') : t('joinCode.copyLink')} onClick={() => void copy('link')} />
            <Button type="button" icon="pi pi-refresh" severity="secondary" text label={t('joinCode.rotate')} loading={rotate.isPending} onClick={() => rotate.mutate()} />
          </div>
          <p className="join-code__hint">{t('joinCode.rotateHint')}</p>
        </>
      ) : (
        <div className="join-code__none">
          <p>{t('joinCode.none')}</p>
          <Button type="button" icon="pi pi-key" label={t('joinCode.create')} loading={rotate.isPending} onClick={() => rotate.mutate()} />
        </div>
      )}
      {rotate.isError ? <Message severity="error" text={t('joinCode.rotateFailed')} /> : null}

      <fieldset className="join-code__settings">
        <legend>{t('joinCode.settings.title')}</legend>
        {switches.map((s) => (
          <div className="join-code__switch" key={s.key}>
            {/* A native checkbox: PrimeReact's switch nests its input in a second interactive role. */}
            <input
              type="checkbox"
              className="join-code__check"
              id={`${ids}-${s.key}`}
              checked={settings.data[s.key]}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ [s.key]: e.target.checked })}
              aria-describedby={`${ids}-${s.key}-hint`}
            />
            <div>
              <label htmlFor={`${ids}-${s.key}`}>{s.label}</label>
              <small id={`${ids}-${s.key}-hint`}>{s.hint}</small>
            </div>
          </div>
        ))}
        {update.isError ? <Message severity="error" text={t('joinCode.settings.saveFailed')} /> : null}
      </fieldset>
    </div>
  );
}
