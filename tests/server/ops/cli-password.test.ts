import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { passwordFromStdin, promptHidden } from '../../../src/server/ops/cli-password';

/** A terminal as promptHidden sees it: raw mode switched by the prompt, keys arriving as data. */
function fakeTerminal() {
  const keys = new EventEmitter() as EventEmitter & { raw: boolean[]; setRawMode(on: boolean): unknown; resume(): unknown; pause(): unknown; setEncoding(): unknown };
  keys.raw = [];
  keys.setRawMode = (on) => keys.raw.push(on);
  keys.resume = keys.pause = keys.setEncoding = () => keys;
  let shown = '';
  const screen = new PassThrough().on('data', (chunk: Buffer) => (shown += chunk.toString()));
  return { keys, screen, shown: () => shown };
}

describe('the operator CLI reads a password', () => {
  it('on a terminal without echoing it; Backspace takes a character back; raw mode ends with the answer', async () => {
    const { keys, screen, shown } = fakeTerminal();
    const answer = promptHidden('비밀번호: ', keys as unknown as Parameters<typeof promptHidden>[1], screen);
    for (const chunk of ['se', 'cret-x', '\u007f', '비번', '\r']) keys.emit('data', chunk);
    expect(await answer).toBe('secret-비번');
    expect(keys.raw).toEqual([true, false]);
    expect(keys.listenerCount('data')).toBe(0);
    expect(shown()).toBe('비밀번호: \n');
  });

  it('gives up on Ctrl-C', async () => {
    const { keys, screen } = fakeTerminal();
    const answer = promptHidden('비밀번호: ', keys as unknown as Parameters<typeof promptHidden>[1], screen);
    keys.emit('data', 'abc\u0003');
    await expect(answer).rejects.toThrow('입력을 취소했습니다.');
    expect(keys.raw).toEqual([true, false]);
  });

  it('from a pipe: the first line, without its newline', async () => {
    const pipe = new PassThrough();
    pipe.end('pass word 1\r\nignored\n');
    expect(await passwordFromStdin(pipe)).toBe('pass word 1');
  });
});
