import { studentProfileUpdateSchema, teacherProfileUpdateSchema, type Group, type User } from '@mathclub/shared';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { MultiSelect } from 'primereact/multiselect';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/FormField';
import { ApiRequestError } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

interface Props {
  kind: 'teacher' | 'student';
  /** Every group the user may choose (the route loads them). */
  groups: Group[];
  groupsLoading: boolean;
  onSaved?: (user: User) => void;
}

/**
 * Profile form (SEED.md §2, §4, §5): loading → editable → saving → editable. Teachers edit their
 * name and groups; a student's name is read-only and they choose exactly one group.
 */
export function ProfileForm({ kind, groups, groupsLoading, onSaved }: Props) {
  const { t } = useTranslation();
  const { user } = useSession();
  const profile = useProfile();
  const update = useUpdateProfile();
  const [name, setName] = useState(user?.name ?? '');
  const [groupIds, setGroupIds] = useState<number[]>(user?.groups.map((g) => g.id) ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  const [saved, setSaved] = useState(false);

  // When the profile arrives (or is replaced after a save) the form shows what the server holds.
  const [shown, setShown] = useState<User | undefined>(undefined);
  if (profile.data && profile.data !== shown) {
    setShown(profile.data);
    setName(profile.data.name);
    setGroupIds(profile.data.groups.map((g) => g.id));
  }

  useEffect(() => {
    if (profile.error) console.error('Failed to load the profile', profile.error);
  }, [profile.error]);

  const loading = profile.isPending || groupsLoading;
  const busy = loading || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailed(false);
    setSaved(false);
    const parsed =
      kind === 'teacher'
        ? teacherProfileUpdateSchema.safeParse({ name, groups: groupIds })
        : studentProfileUpdateSchema.safeParse({ groups: groupIds });
    setErrors(fieldErrors(parsed.error));
    if (!parsed.success) return;
    const input =
      kind === 'teacher'
        ? { role: 'teacher' as const, body: teacherProfileUpdateSchema.parse({ name, groups: groupIds }) }
        : { role: 'student' as const, body: studentProfileUpdateSchema.parse({ groups: groupIds }) };
    update.mutate(input, {
      onSuccess: (response) => {
        setSaved(true);
        onSaved?.(response.user);
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && Object.keys(error.validationErrors).length > 0) {
          setErrors(error.validationErrors);
        }
        setFailed(true);
      },
    });
  }

  // Options must include groups the user already belongs to even if the list failed to load.
  const options = [...groups];
  for (const g of profile.data?.groups ?? []) if (!options.some((o) => o.id === g.id)) options.push(g);

  return (
    <form className="form form--narrow" onSubmit={submit} noValidate inert={busy} aria-busy={busy} data-testid="profile-form">
      {failed ? <Message severity="error" text={t('profile.error.saveProfileFailed')} className="form__message" /> : null}
      {saved ? (
        <Message severity="success" text={t('profile.saved')} className="form__message" role="status" />
      ) : null}
      <FormField id="profile-login" label={t('profile.login')}>
        {() => <InputText id="profile-login" value={profile.data?.login ?? user?.login ?? ''} readOnly />}
      </FormField>
      <FormField id="profile-name" label={t('profile.name')} error={errors.name}>
        {(control) => (
          <InputText id="profile-name" value={name} readOnly={kind === 'student'} onChange={(e) => setName(e.target.value)} autoComplete="name" {...control} />
        )}
      </FormField>
      {kind === 'student' && (profile.data?.grade ?? user?.grade) ? (
        <FormField id="profile-grade" label={t('profile.grade')}>
          {() => <InputText id="profile-grade" value={`${profile.data?.grade ?? user?.grade ?? ''}-${profile.data?.gradeLetter ?? user?.gradeLetter ?? ''}`} readOnly />}
        </FormField>
      ) : null}
      {kind === 'teacher' ? (
        <FormField id="profile-groups" label={t('profile.groups')} error={errors.groups}>
          {(control) => (
            <>
              <MultiSelect
                inputId="profile-groups"
                value={groupIds}
                options={options}
                optionLabel="name"
                optionValue="id"
                onChange={(e) => setGroupIds(e.value as number[])}
                display="chip"
                filter
                maxSelectedLabels={5}
                placeholder={t('profile.groupsPlaceholder')}
                className="w-full"
                {...control}
              />
              {!loading && options.length === 0 ? <Message severity="info" text={t('profile.noGroups')} className="field-notice" /> : null}
            </>
          )}
        </FormField>
      ) : (
        <FormField id="profile-group" label={t('profile.group')} error={errors.groups}>
          {(control) => (
            <>
              <Dropdown
                inputId="profile-group"
                value={groupIds[0] ?? null}
                options={options}
                optionLabel="name"
                optionValue="id"
                onChange={(e) => setGroupIds(e.value == null ? [] : [e.value as number])}
                showClear
                filter={options.length > 8}
                placeholder={t('profile.groupPlaceholder')}
                {...control}
              />
              {!loading && groupIds.length === 0 ? (
                <Message severity="warn" text={t(options.length === 0 ? 'profile.noGroupsStudent' : 'profile.noGroupSelected')} className="field-notice" />
              ) : null}
            </>
          )}
        </FormField>
      )}
      <Button type="submit" label={t('profile.save')} icon="pi pi-save" loading={busy} className="form__submit" />
    </form>
  );
}
