// Assessment scenario: a student answers a quiz question (POST /api/attempt-quiz/), the write with
// its events. Every answer must be new (one per question and attempt), so each run gets fresh
// students, each connection its own, walking through the questions of the bench's quizzes.

const DEMO_TRAINER = { email: 'claire.martin@demo.lms-formation.fr', password: 'Formatrice2026!' };
const QUIZZES = 15;
const QUESTIONS_PER_QUIZ = 20;
const STUDENT_PASSWORD = 'BenchEtudiant2026!';

function ok(response, what) {
  if (response.status < 200 || response.status >= 300) throw new Error(`${what} refusé : ${response.status} ${response.text.slice(0, 200)}`);
  return response.json;
}

/** Quizzes of the demo trainer assigned to her first course, made once through the app (both sides answer them). */
let quizzes;
async function benchQuizzes(appHttp) {
  if (quizzes) return quizzes;
  const login = ok(await appHttp.postJson('/api/formateur/token/', DEMO_TRAINER), 'connexion formatrice');
  const teacher = login.formateur_id;
  const courses = ok(await appHttp.get(`/api/teacher-course/${teacher}`, login.access), 'cours de la formatrice');
  // A published course: a draft (ADR 0030) takes no enrolment.
  const course = (courses.find((c) => c.status === 'published') ?? courses[0]).id;
  const made = [];
  for (let q = 1; q <= QUIZZES; q++) {
    const quiz = ok(await appHttp.postJson('/api/quiz/', { teacher, title: `Quiz de mesure ${q}`, detail: 'Banc de mesure' }, login.access), 'création du quiz');
    const questions = [];
    for (let n = 1; n <= QUESTIONS_PER_QUIZ; n++) {
      const answers = { ans1: `Réponse A${n}`, ans2: `Réponse B${n}`, ans3: `Réponse C${n}`, ans4: `Réponse D${n}` };
      const body = { quiz: quiz.id, questions: `Question ${n} du quiz ${q} ?`, ...answers, right_ans: answers[`ans${1 + (n % 4)}`] };
      ok(await appHttp.postJson(`/api/quiz-questions/${quiz.id}`, body, login.access), 'ajout de question');
    }
    for (const question of ok(await appHttp.get(`/api/quiz-questions/${quiz.id}`, login.access), 'questions')) {
      questions.push({ id: question.id, answer: question.ans1 });
    }
    ok(await appHttp.postJson('/api/quiz-assign-course/', { teacher, course, quiz: quiz.id }, login.access), 'attribution au cours');
    made.push({ id: quiz.id, questions });
  }
  quizzes = { course, list: made };
  return quizzes;
}

let run = 0;
/** `count` new students enrolled in the course, each with a token from the side measured. */
async function freshStudents({ side, http, appHttp, connections }, course) {
  run += 1;
  const stamp = `${Date.now().toString(36)}${run}`;
  const students = [];
  for (let i = 0; i < connections; i += 4) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, connections - i) }, async (_, j) => {
        const name = `mesure${stamp}x${i + j}`;
        const email = `${name}@bench.lms-formation.fr`;
        const student = ok(await appHttp.postJson('/api/student/', { fullname: `Étudiant ${name}`, email, username: name, password: STUDENT_PASSWORD }), 'inscription');
        const login = ok(await appHttp.postJson('/api/student-login-jwt/', { email, password: STUDENT_PASSWORD }), 'connexion étudiant');
        ok(await appHttp.postJson('/api/student-enroll-course/', { course, student: student.id }, login.access), 'inscription au cours');
        const token = side === 'app' ? login.access : ok(await http.postJson('/bench/student-token', { email }), 'jeton de référence').access;
        return { id: student.id, token };
      }),
    );
    students.push(...batch);
  }
  return students;
}

const answerRequest = {
  method: 'POST',
  path: '/api/attempt-quiz/',
  perConnection: (state, index) => {
    const student = state.students[index];
    if (!student) throw new Error(`pas d'étudiant pour la connexion ${index}`);
    const steps = state.quizzes.list.flatMap((quiz) => quiz.questions.map((question) => ({ quiz: quiz.id, question })));
    let next = 0;
    return {
      headers: () => ({ authorization: `Bearer ${student.token}` }),
      body: () => {
        // Past the last question, the answers are refused (409) and the check reports them.
        const step = steps[Math.min(next++, steps.length - 1)];
        return { student: student.id, quiz: step.quiz, question: step.question.id, right_ans: step.question.answer };
      },
    };
  },
};

export const scenarios = [
  {
    name: 'answer question',
    description:
      'POST /api/attempt-quiz/ by a student enrolled in the course: token check, who may take the quiz (the steps and assignments naming it, the enrolment), the live questions, then in one transaction the student\'s quiz with its attempts and the answers of the attempt in progress (one statement), the answer insert (the attempt insert on a first answer, its completion on the last), the version update, the events (QuestionAnswered, with QuizAttemptStarted or QuizCompleted) chained by hash, commit, NOTIFY.',
    connections: 20,
    async setup(context) {
      const made = await benchQuizzes(context.appHttp);
      return { quizzes: made, students: await freshStudents(context, made.course) };
    },
    app: answerRequest,
    baseline: answerRequest,
    check: (status, body) => status === 201 && body.includes('"answered"'),
  },
];
