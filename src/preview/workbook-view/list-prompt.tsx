/** The validation's prompt (input message) under the list editor's items, its title in bold. */

import type { ListEditorColors } from './list-editor-palette';

export function ListPrompt({ prompt, colors }: { prompt: { title: string; message: string }; colors: ListEditorColors }): JSX.Element {
  return (
    <p
      style={{
        margin: '6px 0 0',
        paddingTop: 4,
        borderTop: `1px solid ${colors.border}`,
        fontSize: 12,
        color: colors.muted,
        maxWidth: 320,
      }}
      data-testid="list-editor-prompt"
    >
      {prompt.title !== '' && <strong style={{ color: colors.text }}>{prompt.title}: </strong>}
      {prompt.message}
    </p>
  );
}
