// How `npm run ops -- operator:add` gets a password: never from the command line, where it would stay in the
// shell's history and show in `ps` to every user of the machine.

/** For scripts (`--password-stdin`): the first line of standard input; the newline echo or printf adds is not part of it. */
export async function passwordFromStdin(input: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of input) text += chunk.toString();
  return text.split(/\r?\n/)[0];
}

type Terminal = Pick<NodeJS.ReadStream, 'setRawMode' | 'resume' | 'pause' | 'setEncoding' | 'on' | 'off'>;

/**
 * Asks on a terminal without echoing: in raw mode every key comes to us and the terminal prints none of them.
 * Enter ends the answer, Backspace takes one character back, Ctrl-C (or Ctrl-D on an empty line) gives up.
 */
export function promptHidden(question: string, input: Terminal, output: NodeJS.WritableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (err?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003' || (ch === '\u0004' && !value)) return finish(new Error('입력을 취소했습니다.'));
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('');
        else if (ch >= ' ') value += ch;
      }
    };
    output.write(question);
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.on('data', onData);
    input.resume();
  });
}

/** A new operator's password: typed twice on a terminal, or read from stdin with `--password-stdin`. */
export async function readNewPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return passwordFromStdin(process.stdin);
  if (!process.stdin.isTTY) throw new Error('터미널이 아닙니다. 스크립트에서는 --password-stdin으로 비밀번호를 표준 입력에 넘겨 주세요.');
  // Prompts go to stderr: stdout carries only the server's answer, for scripts that parse it.
  const first = await promptHidden('새 운영자 비밀번호: ', process.stdin, process.stderr);
  const again = await promptHidden('비밀번호 확인: ', process.stdin, process.stderr);
  if (first !== again) throw new Error('비밀번호가 일치하지 않습니다.');
  return first;
}
