import { describe, expect, it } from 'vitest';
import { generateQuestions } from '../../../src/server/game/llm-questions';
import { sampleBank } from '../../../src/server/game/pick-questions';
import { QUESTION_BANK } from '../../../src/server/game/question-bank';

const llm = { baseUrl: 'http://llm.test/v1', apiKey: 'k', model: 'm' };
const theme = { title: '보드게임 밤', place: '학생회관', tags: ['보드게임'] };
const answering = (content: unknown, status = 200): typeof fetch =>
  (async () =>
    new Response(JSON.stringify({ choices: [{ message: { content: typeof content === 'string' ? content : JSON.stringify(content) } }] }), {
      status,
    })) as typeof fetch;
const five = Array.from({ length: 5 }, (_, i) => ({ a: `보드게임 ${i} 이기기`, b: `보드게임 ${i} 즐기기` }));

describe('game questions', () => {
  it('has a curated bank of 60+ distinct Korean pairs', () => {
    expect(QUESTION_BANK.length).toBeGreaterThanOrEqual(60);
    expect(new Set(QUESTION_BANK.map((q) => `${q.a}|${q.b}`)).size).toBe(QUESTION_BANK.length);
    for (const q of QUESTION_BANK) {
      expect(q.a).toMatch(/[가-힣]/);
      expect(q.a).not.toBe(q.b);
    }
  });

  it('samples without repeats', () => {
    for (let i = 0; i < 50; i++) {
      const picked = sampleBank(5);
      expect(new Set(picked.map((q) => q.a)).size).toBe(5);
    }
  });

  it('uses well-formed questions from the model, sending the party theme', async () => {
    let sent = '';
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      sent = String(init.body);
      return answering({ questions: five })('');
    }) as unknown as typeof fetch;
    expect(await generateQuestions(llm, theme, 5, fetchImpl)).toEqual(five);
    expect(sent).toContain('보드게임 밤');
    expect(sent).toContain('학생회관');
  });

  it.each([
    ['a server error', answering({ questions: five }, 500)],
    ['not JSON', answering('이건 JSON이 아니에요')],
    ['too few questions', answering({ questions: five.slice(0, 3) })],
    ['repeats', answering({ questions: [five[0], five[0], five[0], five[0], five[0]] })],
    ['no Korean', answering({ questions: five.map(() => ({ a: 'left', b: 'right' })) })],
    ['an unreachable endpoint', (async () => Promise.reject(new Error('ECONNREFUSED'))) as unknown as typeof fetch],
  ])('falls back (null) on %s', async (_name, fetchImpl) => {
    expect(await generateQuestions(llm, theme, 5, fetchImpl)).toBeNull();
  });
});
