import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { groupsQueryKey, useGroups } from '../../features/groups/api/get-groups';
import { ChangePasswordForm } from '../../features/profile/components/ChangePasswordForm';
import { ProfileForm } from '../../features/profile/components/ProfileForm';

/** Profile route: the profile feature's forms fed with the groups feature's list. */
function ProfileRoute({ kind }: { kind: 'teacher' | 'student' }) {
  const { t } = useTranslation();
  const groups = useGroups();
  const queryClient = useQueryClient();
  return (
    <section className="page page--profile">
      <PageTitle>{t('profile.title')}</PageTitle>
      <ProfileForm
        kind={kind}
        groups={groups.data ?? []}
        groupsLoading={groups.isPending}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: groupsQueryKey })}
      />
      <ChangePasswordForm />
    </section>
  );
}

export function TeacherProfileRoute() {
  return <ProfileRoute kind="teacher" />;
}

export function StudentProfileRoute() {
  return <ProfileRoute kind="student" />;
}
