import { scoreAnswer, type TFinding } from '@hxk/contracts/question-rules';
import type { TAnswer, TTemplateQuestion } from '@hxk/contracts/templates';

export type Answers = Record<string, TAnswer>;

/** How many questions have a usable answer, and the first problems a submission would meet. */
export function answerProgress(questions: TTemplateQuestion[], answers: Answers) {
  let answered = 0;
  const problems: { key: string; finding: TFinding }[] = [];
  questions.forEach((q, i) => {
    if (scoreAnswer(q, answers[q.key]).score !== null) answered++;
    const full = scoreAnswer(q, answers[q.key], `questions.${i}`, true);
    if (full.error) problems.push({ key: q.key, finding: full.error });
  });
  return { answered, count: questions.length, complete: problems.length === 0, problems };
}
