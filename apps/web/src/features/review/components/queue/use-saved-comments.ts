import type { FeedbackSnippet } from '@mathclub/shared';
import { confirmDialog } from 'primereact/confirmdialog';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../../lib/api-client';
import { useCreateFeedbackSnippet, useDeleteFeedbackSnippet, useFeedbackSnippets } from '../../api/feedback-snippets';

interface Feedback {
  /** Said to screen readers. */
  announce: (text: string) => void;
  /** Shown on the page (and said): a refusal must be seen. */
  fail: (text: string) => void;
}

/**
 * The teacher's saved comments in the queue (PRODUCT.md §15): the list, most used first; saving
 * the current feedback as one; deleting one after a confirmation. What each outcome tells the
 * teacher goes through the page's announcer.
 */
export function useSavedComments({ announce, fail }: Feedback) {
  const { t } = useTranslation();
  const snippets = useFeedbackSnippets().data ?? [];
  const create = useCreateFeedbackSnippet();
  const remove = useDeleteFeedbackSnippet();

  function save(text: string, onSaved: (created: FeedbackSnippet) => void) {
    create.mutate(text, {
      onSuccess: (created) => {
        onSaved(created);
        announce(t('reviewQueue.announce.snippetSaved', { n: snippets.length + 1 }));
      },
      onError: (error) => fail(t('reviewQueue.snippets.failed', { message: error instanceof ApiRequestError ? error.message : '' })),
    });
  }

  function confirmRemove(snippet: FeedbackSnippet) {
    confirmDialog({
      header: t('reviewQueue.snippets.confirmTitle'),
      message: t('reviewQueue.snippets.confirmText', { text: snippet.text }),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('reviewQueue.snippets.confirmDelete'),
      rejectLabel: t('common.cancel'),
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () =>
        remove.mutate(snippet.id, {
          onSuccess: () => announce(t('reviewQueue.announce.snippetDeleted')),
          onError: () => fail(t('reviewQueue.snippets.deleteFailed')),
        }),
    });
  }

  return { snippets, save, confirmRemove, saving: create.isPending };
}
