import { z } from 'zod';
import type { QuestionPair } from './question-bank';

export interface PartyTheme {
  title: string;
  place: string;
  tags: string[];
}

const HANGUL = /[가-힣]/;
const pair = z.object({
  a: z.string().trim().min(2).max(40).regex(HANGUL),
  b: z.string().trim().min(2).max(40).regex(HANGUL),
});
const answer = z.object({ questions: z.array(pair).min(5) });

/**
 * Asks an OpenAI-compatible chat endpoint for five A/B questions themed on the party. Anything unexpected — a slow
 * or failing endpoint, malformed JSON, too few usable pairs, repeats, A equal to B — returns null, and the caller
 * uses the curated bank instead: the game must start whatever the model does.
 */
export async function generateQuestions(
  llm: { baseUrl: string; apiKey?: string; model: string },
  theme: PartyTheme,
  count: number,
  fetchImpl: typeof fetch = fetch,
): Promise<QuestionPair[] | null> {
  const prompt =
    `대학생들이 처음 만나는 파티에서 할 밸런스 게임 질문 ${count}개를 만들어 주세요. ` +
    `파티: "${theme.title}", 장소: ${theme.place}, 태그: ${theme.tags.join(', ') || '없음'}. ` +
    '모두가 편하게 답할 수 있는 가벼운 주제로, 민감하거나 불쾌한 내용은 빼 주세요. ' +
    '각 선택지는 40자 이내 한국어로. JSON으로만 답하세요: {"questions":[{"a":"...","b":"..."}]}';
  try {
    const res = await fetchImpl(`${llm.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}) },
      body: JSON.stringify({
        model: llm.model,
        messages: [{ role: 'user', content: prompt }],
        response_format: { type: 'json_object' },
        temperature: 0.8,
      }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (!content) return null;
    const parsed = answer.safeParse(JSON.parse(content));
    if (!parsed.success) return null;
    const seen = new Set<string>();
    const usable = parsed.data.questions.filter((q) => {
      const key = `${q.a}|${q.b}`;
      if (q.a === q.b || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return usable.length >= count ? usable.slice(0, count) : null;
  } catch {
    return null;
  }
}
