import { ApiProperty } from '@nestjs/swagger';
import {
  EMPTY_PROGRAMME, MODALITIES, MODALITY_LABELS, PROGRAMME_LABELS, missingProgrammeItems, type Modality, type ProgrammeItem, type ProgrammeSheet,
} from '../../domain/course-programme.js';

/** The programme sheet (fiche programme, docs/adr/0047) as the forms, the course page and the PDF read it; null: not filled. */
export class ProgrammeView {
  @ApiProperty({ type: String, nullable: true, description: 'Public visé' }) target_public!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Prérequis' }) prerequisites!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Délais d’accès' }) access_delays!: string | null;
  @ApiProperty({ enum: MODALITIES, nullable: true, description: 'Modalités : à distance, mixte ou présentiel' }) modality!: Modality | null;
  @ApiProperty({ type: String, nullable: true, description: 'Libellé français des modalités' }) modality_label!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Méthodes pédagogiques' }) teaching_methods!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Modalités d’évaluation' }) evaluation_methods!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Accessibilité aux personnes en situation de handicap' }) accessibility!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Nom du référent handicap' }) referent_name!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'E-mail du référent handicap' }) referent_email!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Téléphone du référent handicap' }) referent_phone!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Contacts' }) contacts!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Tarif TTC en centimes d’euro ; null : sur devis ou non renseigné' }) price_cents!: number | null;
  @ApiProperty({ description: 'Tarif « sur devis »' }) on_quote!: boolean;
  @ApiProperty({ description: 'Formation certifiante (inscrite au RNCP ou au RS)' }) certifying!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Code RNCP (RNCP12345) ou RS (RS1234)' }) certification_code!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Certificateur' }) certifier!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Équivalences et passerelles' }) equivalences!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Débouchés' }) outcomes!: string | null;
  @ApiProperty({ description: 'Éligible au CPF (formation certifiante seulement)' }) cpf_eligible!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Date de dernière mise à jour de la fiche (ISO 8601), décidée par le serveur' }) updated_at!: string | null;
}

export class ProgrammeMissingItem {
  @ApiProperty({ enum: Object.keys(PROGRAMME_LABELS) }) item!: ProgrammeItem;
  @ApiProperty({ description: 'Libellé français' }) label!: string;
}

export function toProgrammeView(stored: Partial<ProgrammeSheet> | null, updatedAt: Date | string | null): ProgrammeView {
  const sheet = { ...EMPTY_PROGRAMME, ...(stored ?? {}) };
  return {
    target_public: sheet.targetPublic,
    prerequisites: sheet.prerequisites,
    access_delays: sheet.accessDelays,
    modality: sheet.modality,
    modality_label: sheet.modality ? MODALITY_LABELS[sheet.modality] : null,
    teaching_methods: sheet.teachingMethods,
    evaluation_methods: sheet.evaluationMethods,
    accessibility: sheet.accessibility,
    referent_name: sheet.referentName,
    referent_email: sheet.referentEmail,
    referent_phone: sheet.referentPhone,
    contacts: sheet.contacts,
    price_cents: sheet.priceCents,
    on_quote: sheet.onQuote,
    certifying: sheet.certifying,
    certification_code: sheet.certificationCode,
    certifier: sheet.certifier,
    equivalences: sheet.equivalences,
    outcomes: sheet.outcomes,
    cpf_eligible: sheet.cpfEligible,
    updated_at: updatedAt === null ? null : new Date(updatedAt).toISOString(),
  };
}

export function programmeMissing(stored: Partial<ProgrammeSheet> | null, objectives: string | null, plannedMinutes: number | null): ProgrammeMissingItem[] {
  return missingProgrammeItems({ ...EMPTY_PROGRAMME, ...(stored ?? {}) }, { objectives, plannedMinutes }).map((item) => ({ item, label: PROGRAMME_LABELS[item] }));
}
