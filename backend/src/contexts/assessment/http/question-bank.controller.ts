import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentActor } from '../../../platform/auth/auth.decorators.js';
import { IdPipe } from '../../../platform/http/id.pipe.js';
import { BoolResponse } from '../../../platform/http/responses.js';
import { contentDisposition, XLSX_TYPE } from '../../../platform/http/xlsx.js';
import { InvalidInputError, type Actor } from '../../../shared-kernel/index.js';
import { importTemplate, readImport } from '../application/bank-import.js';
import {
  ArchiveBankQuestion, ChangeBankQuestion, CopyQuizQuestionToBank, ImportBankQuestions, WriteBankQuestion, type BankQuestionInput,
} from '../application/commands/bank-question.commands.js';
import { GetBankQuestion, ListBankCategories, ListBankQuestions } from '../application/queries/bank.queries.js';
import { BankCategoryView, BankImportPreview, BankImportResult, BankQuestionView } from '../application/queries/bank.views.js';
import { BankCategoriesQuery, BankImportForm, BankListQuery, BankQuestionForm, CopyToBankForm } from './assessment.requests.js';

/** The file of an import form: a multipart file field, not text. */
const importedFile = (form: BankImportForm): Buffer => {
  if (!Buffer.isBuffer(form.file) || form.file.length === 0) throw new InvalidInputError('Choisissez le fichier à importer (.xlsx ou .csv).', 'file');
  return form.file;
};

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
    const id = await this.commands.execute(new WriteBankQuestion(actor, form.teacher, input(form), form.request_key ?? null));
    return this.queries.execute(new GetBankQuestion(actor, id));
  }

  @Get('question-bank-import/template')
  @Authenticated('teacher')
  @ApiOperation({ summary: 'Le modèle d’import de questions (.xlsx) : les colonnes, un exemple par type et un mode d’emploi' })
  @ApiProduces(XLSX_TYPE)
  @ApiResponse({ status: 200, description: 'Le classeur .xlsx', content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } } })
  async template(@Res() reply: FastifyReply): Promise<void> {
    const workbook = await importTemplate();
    await reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', contentDisposition('modele-import-questions.xlsx'))
      .header('cache-control', 'no-store')
      .send(workbook);
  }

  @Post('question-bank-import/preview')
  @HttpCode(200)
  @Authenticated('teacher')
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Lit un fichier de questions (.xlsx ou .csv) et liste chaque ligne avec ses erreurs, sans rien enregistrer' })
  @ApiOkResponse({ type: BankImportPreview })
  async preview(@Body() form: BankImportForm): Promise<BankImportPreview> {
    const rows = await readImport(importedFile(form));
    return {
      total: rows.length,
      valid: rows.filter((r) => r.problems.length === 0).length,
      rows: rows.map(({ line, category, kind, questions, tags, problems }) => ({ line, category, kind, questions, tags, problems })),
    };
  }

  @Post('question-bank-import')
  @HttpCode(201)
  @Authenticated('teacher')
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Importe toutes les questions d’un fichier dans sa banque, ou aucune si une ligne a une erreur' })
  @ApiCreatedResponse({ type: BankImportResult })
  async import(@CurrentActor() actor: Actor, @Body() form: BankImportForm): Promise<BankImportResult> {
    return this.commands.execute(new ImportBankQuestions(actor, await readImport(importedFile(form)), form.request_key ?? null));
  }

  @Post('quiz-questions/:id/copy-to-bank')
  @HttpCode(201)
  @Authenticated('teacher', 'admin')
  @ApiOperation({ summary: 'Copie une question d’un quiz dans la banque de son formateur (texte, réponses, type, explication)' })
  @ApiCreatedResponse({ type: BankQuestionView })
  async copy(@CurrentActor() actor: Actor, @Param('id', IdPipe) id: number, @Body() form: CopyToBankForm): Promise<BankQuestionView> {
    const copyId = await this.commands.execute(new CopyQuizQuestionToBank(actor, id, { category: form.category, tags: form.tags ?? [] }, form.request_key ?? null));
    return this.queries.execute(new GetBankQuestion(actor, copyId));
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
