/** What went wrong above the workbook: a workbook not restored, an Open or Download that failed, an edit not taken. */

import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { Translator } from './translator';
import type { EditProblem } from './use-cell-edit';

export interface PreviewProblemsProps {
  t: Translator;
  restoreProblem: string | undefined;
  fileProblem: string | undefined;
  editProblem: EditProblem | undefined;
}

export function PreviewProblems({ t, restoreProblem, fileProblem, editProblem }: PreviewProblemsProps): JSX.Element {
  return (
    <>
      {restoreProblem && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('preview.restoreFailed', { reason: restoreProblem })}</MessageBarBody>
        </MessageBar>
      )}
      {fileProblem && (
        <MessageBar intent="error" data-testid="file-problem">
          <MessageBarBody>{fileProblem}</MessageBarBody>
        </MessageBar>
      )}
      {editProblem && (
        <MessageBar intent="error" data-testid="edit-problem">
          <MessageBarBody>
            {editProblem.title !== undefined && <MessageBarTitle>{editProblem.title}</MessageBarTitle>}
            {editProblem.message}
          </MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
