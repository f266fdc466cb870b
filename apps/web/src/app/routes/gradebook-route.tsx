import { PageLoader } from '../../components/PageLoader';
import { GradebookPage } from '../../features/gradebook/components/GradebookPage';
import { useMyGroups } from './my-groups';

/** The gradebook of the teacher's groups, as the server knows them (a group created since sign-in too). */
export function GradebookRoute() {
  const { groups, pending } = useMyGroups();
  return pending ? <PageLoader /> : <GradebookPage groups={groups} />;
}
