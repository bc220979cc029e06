import { randomInt } from 'node:crypto';
import type { Config } from '../config';
import { generateQuestions, type PartyTheme } from './llm-questions';
import { QUESTION_BANK, type QuestionPair } from './question-bank';

/** `count` distinct pairs from the bank, uniformly at random (a partial Fisher–Yates shuffle). */
export function sampleBank(count: number, bank: QuestionPair[] = QUESTION_BANK): QuestionPair[] {
  const pool = [...bank];
  for (let i = 0; i < count; i++) {
    const j = i + randomInt(pool.length - i);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, count);
}

export async function pickQuestions(config: Config, theme: PartyTheme, count: number): Promise<QuestionPair[]> {
  if (config.llm) {
    const generated = await generateQuestions(config.llm, theme, count);
    if (generated) return generated;
  }
  return sampleBank(count);
}
