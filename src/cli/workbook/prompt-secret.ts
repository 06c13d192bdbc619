/**
 * Asks for a secret at the terminal without echo: stdin in raw mode, the characters read until Enter, Backspace
 * honoured, Ctrl-C ends the question with nothing. Only ever called when stdin is a terminal.
 */
export function promptWithoutEcho(question: string): Promise<string | undefined> {
  const { stdin, stderr } = process;
  stderr.write(question);
  return new Promise((resolve) => {
    let typed = '';
    const finish = (value: string | undefined) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stderr.write('\n');
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish(typed);
        if (char === '\u0003' || char === '\u0004') return finish(undefined);
        typed = char === '\u007f' || char === '\b' ? typed.slice(0, -1) : typed + char;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}
