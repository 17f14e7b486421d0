import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { BoolResponse } from '../../../platform/http/responses.js';
import type { Actor } from '../../../shared-kernel/index.js';
import { ArchiveBankQuestion, ChangeBankQuestion, WriteBankQuestion, type BankQuestionInput } from '../application/commands/bank-question.commands.js';
import { GetBankQuestion, ListBankCategories, ListBankQuestions } from '../application/queries/bank.queries.js';
import { BankCategoryView, BankQuestionView } from '../application/queries/bank.views.js';
import { BankCategoriesQuery, BankListQuery, BankQuestionForm } from './assessment.requests.js';

const input = (form: BankQuestionForm): BankQuestionInput => ({
  category: form.category,
  tags: form.tags ?? [],
  fields: {
    kind: form.kind,
    questions: form.questions,
    answers: [form.ans1 ?? '', form.ans2 ?? '', form.ans3 ?? '', form.ans4 ?? ''],
    rightAnswer: typeof form.right_ans === 'string' ? form.right_ans : '',
    rightAnswers: form.right_answers,
    explanation: form.explanation ?? '',
  },
});

/** The trainer's question bank (issue 28 item 2, ADR 0045): their own questions, apart from any quiz, that quizzes draw from. */
@ApiTags('Banque de questions')
@Controller()
export class QuestionBankController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('question-bank')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Les questions de sa banque (formateur) ; filtres catégorie, étiquette, type, texte, archivées' })
  @ApiOkResponse({ type: [BankQuestionView] })
  list(@CurrentActor() actor: Actor, @Query() query: BankListQuery): Promise<BankQuestionView[]> {
    return this.queries.execute(new ListBankQuestions(actor, query));
  }

  @Get('question-bank-categories')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Les catégories de sa banque, avec le nombre de questions disponibles au tirage' })
  @ApiOkResponse({ type: [BankCategoryView] })
  categories(@CurrentActor() actor: Actor, @Query() query: BankCategoriesQuery): Promise<BankCategoryView[]> {
    return this.queries.execute(new ListBankCategories(actor, query.teacher));
  }

  @Post('question-bank')
  @HttpCode(201)
  @Authenticated('teacher', 'admin')
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiOperation({ summary: 'Ajoute une question à sa banque (une bonne réponse, plusieurs, ou vrai/faux)' })
  @ApiCreatedResponse({ type: BankQuestionView })
  async create(@CurrentActor() actor: Actor, @Body() form: BankQuestionForm): Promise<BankQuestionView> {
    const id = await this.commands.execute(new WriteBankQuestion(actor, form.teacher, input(form)));
    return this.queries.execute(new GetBankQuestion(actor, id));
  }

  @Get('question-bank/:id')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Une question de sa banque, avec ses bonnes réponses' })
  @ApiOkResponse({ type: BankQuestionView })
  question(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<BankQuestionView> {
    return this.queries.execute(new GetBankQuestion(actor, id));
  }

  @Put('question-bank/:id')
  @Authenticated('teacher', 'admin')
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiOperation({ summary: 'Modifie une question de sa banque : une nouvelle révision ; les tentatives gardent celle qu’elles ont posée' })
  @ApiOkResponse({ type: BankQuestionView })
  async change(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() form: BankQuestionForm): Promise<BankQuestionView> {
    await this.commands.execute(new ChangeBankQuestion(actor, id, input(form)));
    return this.queries.execute(new GetBankQuestion(actor, id));
  }

  @Delete('question-bank/:id')
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Archive une question de sa banque (plus tirée ; jamais supprimée : les réponses données restent)' })
  @ApiOkResponse({ type: BoolResponse })
  async archive(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number): Promise<BoolResponse> {
    await this.commands.execute(new ArchiveBankQuestion(actor, id));
    return { bool: true };
  }
}
