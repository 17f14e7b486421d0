import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Button, Checkbox, Progress, Radio, theme } from 'antd';
import { ReloadOutlined, TrophyOutlined } from '@ant-design/icons';
import { describeApiError } from '../../../lib/api-errors';
import { useAppSelector } from '../../../lib/hooks';
import { StatusMessage } from '../../../components/status';
import {
  useAnswerQuestionMutation,
  useGetCourseQuizzesQuery,
  useLazyGetAttemptStatusQuery,
  useLazyGetFirstQuestionQuery,
  useLazyGetNextQuestionQuery,
  useLazyGetQuizResultQuery,
  useLazyGetQuizStatusQuery,
  useResetAttemptsMutation,
} from '../assessment-api';
import type { QuizPlace, QuizResult, QuizStatus, StudentQuestion } from '../assessment-types';
import { QuizReviewSection } from '../components/quiz-review';
import { RulesLine } from '../components/quiz-rules-line';
import { answersOf } from '../components/question-list';
import { Pending, QuizPage } from '../components/quiz-page';
import { messages as m } from '../messages';
import { formatPercent } from '../../../lib/format';

/** Where the student is in the quiz (01 §4: not started, in progress, finished). */
export type QuizRun =
  | { step: 'starting' }
  | { step: 'question'; question: StudentQuestion; answered: number }
  | { step: 'finished'; result: QuizResult }
  | { step: 'unavailable' };

/** What failed, and so which red alert shows and what « Réessayer » does again. */
type Failure = { kind: 'first' | 'result' | 'next' | 'restart' } | { kind: 'submit' } | null;

const FAILURE_TEXT = {
  first: m.take.firstFailed,
  submit: m.take.submitFailed,
  result: m.take.resultFailed,
  next: m.take.nextFailed,
  restart: m.take.restartFailed,
} as const;

/**
 * The run of a quiz: the first question (or, back in an attempt left half-way, the first one not
 * answered), each answer sent, the next question until the list comes back empty, then the result;
 * a restart opens a new attempt. Taken from a course's quiz step (`place`), each answer names the
 * step, so that the quiz completed validates it.
 */
export function useQuizRun(quizId: number, studentId: string, place?: QuizPlace) {
  const [run, setRun] = useState<QuizRun>({ step: 'starting' });
  const [failure, setFailure] = useState<Failure>(null);
  const [retry, setRetry] = useState<(() => void) | null>(null);
  const [sending, setSending] = useState(false);
  const [status] = useLazyGetAttemptStatusQuery();
  const [first] = useLazyGetFirstQuestionQuery();
  const [next] = useLazyGetNextQuestionQuery();
  const [result] = useLazyGetQuizResultQuery();
  const [answer] = useAnswerQuestionMutation();
  const [reset] = useResetAttemptsMutation();
  const [readStatus] = useLazyGetQuizStatusQuery();
  /** The quiz's rules and where the student is under them (null: not read, or unreadable: the run goes on without). */
  const [rules, setRules] = useState<QuizStatus | null>(null);
  /** The server's own refusal (a time limit passed, the attempts used): shown as it says it. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const who = { quizId, studentId };
  const refresh = async (): Promise<QuizStatus | null> => {
    try {
      const read = await readStatus(who).unwrap();
      setRules(read);
      return read;
    } catch {
      setRules(null);
      return null;
    }
  };

  const fail = (kind: Exclude<Failure, null>['kind'], again: (() => void) | null) => {
    setFailure({ kind } as Failure);
    setRetry(() => again);
  };
  const clear = () => {
    setFailure(null);
    setRetry(null);
  };

  const finish = async () => {
    clear();
    try {
      const done = await result(who).unwrap();
      await refresh();
      setRun({ step: 'finished', result: done });
    } catch {
      fail('result', () => void finish());
    }
  };

  const goOn = async (after: number, answered: number) => {
    clear();
    try {
      const question = await next({ quizId, questionId: after }).unwrap();
      if (question) setRun({ step: 'question', question, answered });
      else await finish();
    } catch {
      fail('next', () => void goOn(after, answered));
    }
  };

  const start = async () => {
    clear();
    try {
      const may = await status(who).unwrap();
      const current = await result(who).unwrap();
      const read = await refresh();
      if (!may) {
        const completed = current.total_questions > 0 && current.total_attempted_questions >= current.total_questions;
        // An attempt closed by its time limit is finished too, with the answers it had.
        setRun(completed || (read?.current && (read.current.completed_at || read.current.closed_by === 'time-limit')) ? { step: 'finished', result: current } : { step: 'unavailable' });
        return;
      }
      let question = await first(quizId).unwrap();
      // Back in an attempt left half-way: the questions are answered in order, skip those.
      for (let skipped = 0; question && skipped < current.total_attempted_questions; skipped++) {
        question = await next({ quizId, questionId: question.id }).unwrap();
      }
      if (question) setRun({ step: 'question', question, answered: current.total_attempted_questions });
      else await finish();
    } catch {
      fail('first', () => void start());
    }
  };

  const submit = async (question: StudentQuestion, chosen: string | number[]) => {
    clear();
    setSending(true);
    try {
      const sent = await answer({ ...who, questionId: question.id, answer: chosen, place }).unwrap();
      setSending(false);
      await goOn(question.id, sent.answered);
    } catch (error) {
      setSending(false);
      const { status: code, message } = describeApiError(error);
      // Refused by the server's rules (the time limit passed: the attempt is closed as it stood): say so, show the result.
      if (code === 409 && message) {
        setRefusal(message);
        await finish();
        return;
      }
      fail('submit', null);
    }
  };

  const restart = async () => {
    clear();
    setSending(true);
    try {
      await reset(who).unwrap();
      setRefusal(null);
      const question = await first(quizId).unwrap();
      await refresh();
      setRun(question ? { step: 'question', question, answered: 0 } : { step: 'unavailable' });
    } catch (error) {
      const { status: code, message } = describeApiError(error);
      if (code === 409 && message) {
        setRefusal(message);
        await refresh();
      } else fail('restart', () => void restart());
    } finally {
      setSending(false);
    }
  };

  return { run, failure, retry, sending, start, submit, restart, rules, refusal };
}

/** The options in the order the server serves them (shuffled when the quiz says so; ADR 0045); the spec's four answers otherwise. */
export function optionsOf(question: StudentQuestion): { id: number; text: string }[] {
  if (question.options?.length) return question.options;
  return answersOf(question).flatMap((text, index) => (text ? [{ id: index + 1, text }] : []));
}

function QuestionStep({
  question,
  answered,
  sending,
  rules,
  onSubmit,
}: {
  question: StudentQuestion;
  answered: number;
  sending: boolean;
  rules: QuizStatus | null;
  onSubmit: (chosen: string | number[]) => void;
}) {
  const { colorPrimaryText } = theme.useToken().token;
  const [chosen, setChosen] = useState<string | null>(null);
  const [checked, setChecked] = useState<number[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);
  // Each new question takes the focus, so a keyboard or screen reader user starts from it.
  useEffect(() => {
    setChosen(null);
    setChecked([]);
    if (question.number > 1) heading.current?.focus();
  }, [question.id, question.number]);
  const options = optionsOf(question);
  const several = question.kind === 'multiple';
  const labelId = `quiz-question-${question.id}`;
  const ready = several ? checked.length > 0 : Boolean(chosen);
  return (
    <form
      className="take-quiz__question"
      onSubmit={(event) => {
        event.preventDefault();
        if (several && checked.length > 0) onSubmit([...checked].sort((a, b) => a - b));
        else if (!several && chosen) onSubmit(chosen);
      }}
    >
      {rules ? <RulesLine status={rules} running /> : null}
      <div className="take-quiz__progress">
        <span>{m.take.questionOf(question.number, question.total)}</span>
        <Progress percent={Math.round((answered / question.total) * 100)} showInfo={false} strokeColor={colorPrimaryText} aria-label={m.take.progressLabel} aria-valuetext={m.take.answered(answered, question.total)} />
        <span className="quiz-muted">{m.take.answered(answered, question.total)}</span>
      </div>
      <h2 className="take-quiz__text" id={labelId} ref={heading} tabIndex={-1}>
        {question.questions}
      </h2>
      {several ? (
        <>
          <p className="quiz-muted" id={`${labelId}-hint`}>
            {m.take.severalHint}
          </p>
          <Checkbox.Group
            className="take-quiz__answers"
            value={checked}
            onChange={(values) => setChecked(values as number[])}
            aria-labelledby={labelId}
            aria-describedby={`${labelId}-hint`}
            role="group"
            disabled={sending}
          >
            {options.map((option) => (
              <Checkbox key={option.id} value={option.id} className="take-quiz__answer">
                {option.text}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </>
      ) : (
        <Radio.Group className="take-quiz__answers" value={chosen} onChange={(event) => setChosen(event.target.value as string)} aria-labelledby={labelId} disabled={sending}>
          {options.map((option) => (
            <Radio key={option.id} value={option.text} className="take-quiz__answer">
              {option.text}
            </Radio>
          ))}
        </Radio.Group>
      )}
      <div>
        <Button type="primary" htmlType="submit" disabled={!ready} loading={sending}>
          {m.take.submit}
        </Button>
      </div>
    </form>
  );
}

function ResultStep({
  result,
  sending,
  onRestart,
  back,
  rules,
  refusal,
  quizId,
  studentId,
}: {
  result: QuizResult;
  sending: boolean;
  onRestart: () => void;
  back?: { to: string; label: string };
  rules: QuizStatus | null;
  refusal: string | null;
  quizId: number;
  studentId: string;
}) {
  const { colorPrimaryText } = theme.useToken().token;
  const [reviewing, setReviewing] = useState(false);
  const percent = result.total_questions ? Math.round((result.total_correct_questions / result.total_questions) * 100) : 0;
  const outcome = rules?.current?.passed;
  // Without the rules (not readable), the spec's restart stays offered; with them, only while attempts remain.
  const mayRestart = rules ? rules.can_restart : true;
  return (
    <section className="take-quiz__result" aria-labelledby="quiz-result-title">
      <TrophyOutlined className="take-quiz__trophy" aria-hidden />
      <h2 id="quiz-result-title" className="take-quiz__result-title">
        {m.take.resultTitle}
      </h2>
      <Progress type="circle" percent={percent} format={(p) => formatPercent(p ?? 0)} aria-label={m.take.scoreLabel} strokeColor={colorPrimaryText} />
      <p className="take-quiz__score" data-testid="quiz-score">
        {m.take.score(result.total_correct_questions, result.total_questions)}
      </p>
      {rules && rules.pass_mark !== null && outcome !== null && outcome !== undefined ? (
        <p className={`take-quiz__verdict take-quiz__verdict--${outcome ? 'passed' : 'failed'}`} data-testid="quiz-verdict">
          {outcome ? m.take.passed(rules.pass_mark) : m.take.failed(rules.pass_mark)}
        </p>
      ) : null}
      {rules ? <RulesLine status={rules} /> : null}
      {refusal ? <Alert type="warning" showIcon role="status" title={refusal} className="take-quiz__notice" /> : null}
      {rules?.message && rules.message !== refusal ? <Alert type="info" showIcon role="status" title={rules.message} className="take-quiz__notice" data-testid="quiz-next-step" /> : null}
      <div className="take-quiz__result-actions">
        {mayRestart ? (
          <Button type="primary" icon={<ReloadOutlined />} loading={sending} onClick={onRestart}>
            {m.take.restart}
          </Button>
        ) : null}
        {rules?.current ? (
          <Button onClick={() => setReviewing((open) => !open)} aria-expanded={reviewing}>
            {reviewing ? m.review.hide : m.review.show}
          </Button>
        ) : null}
        {back ? (
          <Link to={back.to} className="button-link button-link--ghost">
            {back.label}
          </Link>
        ) : null}
      </div>
      {reviewing ? <QuizReviewSection quizId={quizId} studentId={studentId} /> : null}
    </section>
  );
}

/**
 * A quiz taken from its first question to its result, with the spec's red alerts: the screen of
 * /take-quiz, and the quiz step of the course player (`place`, no way back, `onFinished` once the
 * last answer is in or the result shows).
 */
export function QuizRun({
  quizId,
  studentId,
  place,
  back,
  onFinished,
}: {
  quizId: number;
  studentId: string;
  place?: QuizPlace;
  back?: { to: string; label: string };
  onFinished?: (result: QuizResult) => void;
}) {
  const { run, failure, retry, sending, start, submit, restart, rules, refusal } = useQuizRun(quizId, studentId, place);
  // The run starts once per quiz and student (start itself is a new function on every render).
  const begin = useRef(start);
  begin.current = start;
  useEffect(() => {
    void begin.current();
  }, [quizId, studentId]);
  const finished = useRef(onFinished);
  finished.current = onFinished;
  useEffect(() => {
    if (run.step === 'finished') finished.current?.(run.result);
  }, [run]);

  return (
    <>
      {failure ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={FAILURE_TEXT[failure.kind]}
          action={
            retry ? (
              <Button size="small" onClick={retry}>
                {m.take.retry}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      {run.step === 'starting' && !failure ? <Pending loading error={null} /> : null}
      {run.step === 'unavailable' ? <StatusMessage kind="not-found" title={m.take.unavailable} text={m.take.unavailableText} /> : null}
      {run.step === 'question' ? <QuestionStep question={run.question} answered={run.answered} sending={sending} rules={rules} onSubmit={(chosen) => void submit(run.question, chosen)} /> : null}
      {run.step === 'finished' ? <ResultStep result={run.result} sending={sending} onRestart={() => void restart()} back={back} rules={rules} refusal={refusal} quizId={quizId} studentId={studentId} /> : null}
    </>
  );
}

/** /take-quiz/{quiz_id}: one question at a time with its four answers, the progress, the result, a restart (01 §2.4, §4, §8). */
export function TakeQuizPage() {
  const quizId = Number(useParams().quizId);
  const [params] = useSearchParams();
  const courseId = Number(params.get('course'));
  const studentId = useAppSelector((state) => state.auth.studentId) ?? '';
  const quizzes = useGetCourseQuizzesQuery(courseId, { skip: !courseId });
  const title = quizzes.data?.find((quiz) => quiz.id === quizId)?.title ?? m.take.titleFallback;
  const back = courseId ? { to: `/course-quiz/${courseId}`, label: m.take.backToCourse } : { to: '/user-dashboard', label: m.take.backToDashboard };
  return (
    <QuizPage title={title} back={back}>
      <QuizRun quizId={quizId} studentId={studentId} back={back} />
    </QuizPage>
  );
}
