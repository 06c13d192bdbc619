/** What an action of a card did, as a message bar: the text, then its notes as a list (the Import and Plan grid cards). */

import { makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import type { AccountMessage } from '../state/app-snapshot';

const useStyles = makeStyles({
  notes: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
});

export function OutcomeMessage({ message, testId }: { message: AccountMessage; testId: string }): ReactElement {
  const styles = useStyles();
  return (
    <MessageBar intent={message.intent} layout="multiline" data-testid={testId}>
      <MessageBarBody>
        {message.text}
        {message.notes.length > 0 && (
          <ul className={styles.notes}>
            {message.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
      </MessageBarBody>
    </MessageBar>
  );
}
