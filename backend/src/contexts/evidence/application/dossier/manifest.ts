import type { RecordedEvent } from '../../../../platform/event-log/index.js';
import type { BeatRow, ScormCommitRow } from '../../../learning-progress/contracts/learning-progress.evidence-rows.js';
import { BEATS_BOUND_SINCE, COMMITS_BOUND_SINCE } from '../../../learning-progress/contracts/learning-progress.row-digests.js';
import type { CheckpointTree } from '../../../../platform/ledger/index.js';
import type { TranscriptView } from '../transcript.views.js';

/** The manifest's format: 2 since issue 27 (ADR 0040): `coverage` per file, `chain_covers` in words, and the `ledger` slot. */
export const MANIFEST_FORMAT_VERSION = 2;

/** The schema versions from which the log's events bind the rows kept beside it (ADR 0040; learning progress's contract). */
export const BOUND_SINCE = { LearningTimeRecorded: BEATS_BOUND_SINCE, ScormCommitted: COMMITS_BOUND_SINCE } as const;

/**
 * What the chain (the event log's hash chain) covers in a dossier, and what it does not, in plain
 * words (docs/adr/0036, docs/adr/0040). Written into every manifest so that a reader need not guess.
 */
export const CHAIN_COVERS = {
  covered: [
    'donnees/evenements.json : chaque événement porte prev_hash et hash ; hash = SHA-256 de sa sérialisation canonique, prev_hash = hash de l’événement précédent du même flux. Le dernier hash de chaque flux figure dans « streams » ; `npm run eventlog:verify` vérifie toute la chaîne sur le serveur.',
    'Les documents émis (documents/*.pdf) : leur SHA-256 est celui que porte leur événement DocumentIssued (pdfSha256) ; une version remplacée, celui de DocumentReplaced pour sa mention « remplacé ».',
    'Les textes des messages (journal d’assistance) : le SHA-256 (UTF-8) de chaque texte est dans son événement MessageSent (sha256) ; la feuille « Assistance » du classeur donne ce SHA-256 à côté du texte. De même pour les devoirs (AssignmentGiven.sha256 = SHA-256 du titre, d’un saut de ligne et de la consigne).',
    'Les travaux rendus (devoirs, ADR 0044) : chaque rendu est un événement AssignmentSubmitted qui porte le SHA-256 (UTF-8) de la réponse, recalculé par `npm run evidence:verify-rows`, et le SHA-256, la taille et le type de chaque fichier déposé ; la note et l’appréciation sont dans AssignmentGraded (note, barème, SHA-256 de l’appréciation). Les fichiers déposés ne sont pas joints au dossier : le relevé donne leur SHA-256, à comparer avec le fichier gardé par le centre.',
    'Ce dossier lui-même : le SHA-256 du ZIP et celui de son manifest.json sont dans l’événement DossierGenerated, et chaque téléchargement est un événement DossierDownloaded.',
    'Les signaux de présence (donnees/signaux-de-presence.json) depuis la version 2 de LearningTimeRecorded : chaque événement porte les numéros (beatSeqs) et le SHA-256 (beatsSha256) des signaux que l’enregistrement a stockés, recalculés par `npm run evidence:verify-rows` (ADR 0040).',
    'Les enregistrements SCORM appliqués (donnees/enregistrements-scorm.json, cmi avec suspend_data) depuis la version 3 de ScormCommitted : l’événement porte le SHA-256 de la ligne stockée (commitSha256), recalculé par `npm run evidence:verify-rows` (ADR 0040).',
  ],
  not_covered: [
    'Les signaux de présence reçus avant la version 2 de LearningTimeRecorded et les enregistrements SCORM appliqués avant la version 3 de ScormCommitted : ils ne sont liés au journal que par les chiffres des événements qu’ils ont produits ; « coverage » en donne le nombre par fichier.',
    'Les enregistrements SCORM périmés (outcome « stale ») : gardés dans la trace pour le formateur, ils ne produisent aucun événement.',
    'Le relevé (PDF et classeur) est composé au moment de la génération à partir des vues de lecture (projections) ; ses chiffres se recalculent depuis les événements et les tables ci-dessus, mais le fichier n’est pas lui-même dans la chaîne, sinon par le SHA-256 du manifest dans DossierGenerated.',
    'Les noms, titres et textes ne sont pas dans les événements (seulement des identifiants et des empreintes) : ils viennent des tables de chaque contexte au moment de la génération.',
  ],
} as const;

/** The versions of the methods behind the figures (docs/learning-progress.md, ADR 0026, ADR 0027, ADR 0035). */
export function methodsOf(view: TranscriptView) {
  return {
    time: { version: view.method.version, description: view.method.description },
    validation_rules: 'docs/learning-progress.md (règle et chiffres de chaque validation dans son événement ChapterValidated)',
    scorm_run_time: 'ADR 0026 (règles SCORM appliquées par le serveur) ; événement ScormCommitted version de schéma 2 (ADR 0027)',
    hours_basis: 'ADR 0035 : la base des heures est figée dans chaque document émis (événement DocumentIssued : hoursBasis, method)',
    hash: 'SHA-256, hexadécimal minuscule',
  };
}

/** How one file of the dossier is bound by the chain (ADR 0040), with counts where a file holds rows. */
export interface FileCoverage {
  path: string;
  /** « directement » (events), « par empreinte » (a SHA-256 in an event), « partiel », « non couvert ». */
  bound: 'directement' | 'par empreinte' | 'partiel' | 'non couvert';
  how: string;
  covered?: number;
  not_covered?: { count: number; reason: string }[];
}

/**
 * Counts, while a dossier is written, which of its rows the chain binds: fed with every event of the
 * learner's streams, then with every beat and SCORM commit row written (in that order, as
 * learner-part.ts writes them). A row is covered when an event of the binding version names it.
 */
export class ChainCoverage {
  private readonly beatKeys = new Set<string>();
  private readonly commitKeys = new Set<string>();
  private messages = 0;
  private homework = 0;
  private documents = 0;
  readonly beats = { covered: 0, before: 0 };
  readonly commits = { covered: 0, before: 0, stale: 0 };

  noteEvent(e: Pick<RecordedEvent, 'type' | 'schemaVersion' | 'payload'>): void {
    const p = e.payload as Record<string, unknown>;
    if (e.type === 'LearningTimeRecorded' && (e.schemaVersion ?? 1) >= BOUND_SINCE.LearningTimeRecorded) {
      for (const seq of (p.beatSeqs as number[] | undefined) ?? []) this.beatKeys.add(`${String(p.sessionId).toLowerCase()}/${seq}`);
    } else if (e.type === 'ScormCommitted' && (e.schemaVersion ?? 1) >= BOUND_SINCE.ScormCommitted) {
      this.commitKeys.add(`${String(p.sessionId).toLowerCase()}/${String(p.sco)}/${Number(p.seq)}`);
    } else if (e.type === 'MessageSent') this.messages += 1;
    else if (e.type === 'AssignmentGiven') this.homework += 1;
    else if (e.type === 'DocumentIssued') this.documents += 1;
  }

  noteBeats(rows: readonly BeatRow[]): void {
    for (const b of rows) {
      if (this.beatKeys.has(`${b.session_id.toLowerCase()}/${b.seq}`)) this.beats.covered += 1;
      else this.beats.before += 1;
    }
  }

  noteCommits(rows: readonly ScormCommitRow[]): void {
    for (const c of rows) {
      if (this.commitKeys.has(`${c.session_id.toLowerCase()}/${c.sco}/${c.seq}`)) this.commits.covered += 1;
      else if (c.outcome === 'stale') this.commits.stale += 1;
      else this.commits.before += 1;
    }
  }

  /** The manifest's `coverage`: one entry per file, in the order of `files`. */
  section(files: readonly { path: string }[], view: TranscriptView): FileCoverage[] {
    const reason = (type: keyof typeof BOUND_SINCE) => `non couvert (antérieur à la version ${BOUND_SINCE[type]} de ${type})`;
    return files.map(({ path }): FileCoverage => {
      if (path.endsWith('donnees/evenements.json')) {
        return { path, bound: 'directement', how: 'Chaque événement porte hash = SHA-256 de sa sérialisation canonique et prev_hash ; la tête de chaque flux est dans « streams » (et, avec ses preuves d’inclusion, dans « ledger »).' };
      }
      if (path.endsWith('donnees/signaux-de-presence.json')) {
        const { covered, before } = this.beats;
        return {
          path, bound: before === 0 ? 'par empreinte' : covered === 0 ? 'non couvert' : 'partiel',
          how: `Signaux liés par LearningTimeRecorded version ≥ ${BOUND_SINCE.LearningTimeRecorded} (beatSeqs, beatsSha256 : SHA-256 du JSON canonique des lignes d’un enregistrement).`,
          covered, not_covered: before > 0 ? [{ count: before, reason: reason('LearningTimeRecorded') }] : [],
        };
      }
      if (path.endsWith('donnees/enregistrements-scorm.json')) {
        const { covered, before, stale } = this.commits;
        const not = [
          ...(before > 0 ? [{ count: before, reason: reason('ScormCommitted') }] : []),
          ...(stale > 0 ? [{ count: stale, reason: 'non couvert (enregistrement périmé : aucun événement ne le lie)' }] : []),
        ];
        return {
          path, bound: not.length === 0 ? 'par empreinte' : covered === 0 ? 'non couvert' : 'partiel',
          how: `Enregistrements appliqués liés par ScormCommitted version ≥ ${BOUND_SINCE.ScormCommitted} (commitSha256 : SHA-256 du JSON canonique de la ligne, cmi et suspend_data compris).`,
          covered, not_covered: not,
        };
      }
      if (path.includes('documents/')) {
        return { path, bound: 'par empreinte', how: 'Son SHA-256 est le pdfSha256 de son événement DocumentIssued (une version remplacée : celui de DocumentReplaced).' };
      }
      if (path.endsWith('.xlsx')) {
        return {
          path, bound: 'partiel',
          how: 'Composé à la génération depuis les vues de lecture ; les textes des messages et des devoirs de la feuille « Assistance » sont liés par le SHA-256 de MessageSent / AssignmentGiven, donné à côté de chaque texte.',
          covered: this.messages + this.homework,
          not_covered: [{ count: 1, reason: 'non couvert : le classeur lui-même est composé à la génération (seul le SHA-256 du manifest est dans DossierGenerated)' }],
        };
      }
      return {
        path, bound: 'non couvert',
        how: `Composé à la génération depuis les vues de lecture (${view.messages.length} message(s) repris, liés un à un dans le classeur) ; seul le SHA-256 du manifest, qui donne celui de ce fichier, est dans DossierGenerated.`,
      };
    });
  }
}

/** The manifest's `ledger` (issue 27 item 3, ADR 0038/0040): the checkpoint and one inclusion proof per stream head it covers. */
export interface LedgerSection {
  checkpoint: {
    seq: number;
    root: string;
    streams: number;
    events: number;
    at: string;
    log_position: string;
    key_id: string;
    /** The signed text itself (ADR 0038 « Canonical serialization »): what the signature is over. */
    body: string;
    signature: string;
    /** RFC 3161 token, base64, when the checkpoint was already stamped at generation; else null (the published checkpoint carries it once stamped). */
    timestamp_token: string | null;
    timestamp_time: string | null;
  };
  proofs: { stream_type: string; stream_id: string; last_version: number; last_hash: string; leaf_index: number; path: string[] }[];
  /** Events of donnees/evenements.json written after the checkpoint's log position (not covered by it; by the next one). */
  events_after_checkpoint: number;
  /** Streams of the file the checkpoint does not cover at all (begun after it). */
  streams_after_checkpoint: string[];
  /** What went wrong joining the file and the checkpoint, in words (empty when nothing). */
  problems: string[];
  note: string;
}

/**
 * Joins the learner's events, as they are written to donnees/evenements.json, to a checkpoint's
 * tree: the proof of each stream's head AT the checkpoint is given only when the file holds that
 * very event (same version, same hash); events after the checkpoint are counted.
 */
export class LedgerProofs {
  private readonly seenAtHead = new Map<string, string>();
  private after = 0;

  constructor(private readonly tree: CheckpointTree) {}

  noteEvent(e: Pick<RecordedEvent, 'streamType' | 'streamId' | 'streamVersion' | 'hash'>): void {
    const head = this.tree.headOf(e.streamType, e.streamId);
    if (!head || e.streamVersion > head.version) this.after += 1;
    else if (e.streamVersion === head.version) this.seenAtHead.set(`${e.streamType}/${e.streamId}`, e.hash);
  }

  section(streams: readonly { stream_type: string; stream_id: string }[], eventsFile: string): LedgerSection {
    const { checkpoint } = this.tree;
    const proofs: LedgerSection['proofs'] = [];
    const later: string[] = [];
    const problems: string[] = [];
    if (!this.tree.matchesCheckpoint) {
      problems.push(`Les têtes de flux conservées pour le point de contrôle n° ${checkpoint.seq} ne mènent plus à sa racine signée : les preuves ci-dessous ne se vérifieront pas (voir npm run eventlog:verify).`);
    }
    for (const { stream_type, stream_id } of streams) {
      const proof = this.tree.prove(stream_type, stream_id);
      if (!proof) {
        later.push(`${stream_type}/${stream_id}`);
        continue;
      }
      const inFile = this.seenAtHead.get(`${stream_type}/${stream_id}`);
      if (inFile !== proof.head.hash) {
        problems.push(
          inFile === undefined
            ? `Flux ${stream_type}/${stream_id} : l’événement de version ${proof.head.version} signé par le point de contrôle n’est pas dans ${eventsFile}.`
            : `Flux ${stream_type}/${stream_id} : l’événement de version ${proof.head.version} a dans ${eventsFile} le hash ${inFile}, le point de contrôle a signé ${proof.head.hash}.`,
        );
        continue;
      }
      proofs.push({ stream_type, stream_id, last_version: proof.head.version, last_hash: proof.head.hash, leaf_index: proof.index, path: proof.path });
    }
    return {
      checkpoint: {
        seq: checkpoint.seq,
        root: checkpoint.root,
        streams: checkpoint.streams,
        events: checkpoint.events,
        at: checkpoint.time,
        log_position: `${checkpoint.transactionId}/${checkpoint.position}`,
        key_id: checkpoint.keyId,
        body: checkpoint.body,
        signature: checkpoint.signature,
        timestamp_token: checkpoint.tsaToken ? checkpoint.tsaToken.toString('base64') : null,
        timestamp_time: checkpoint.tsaTime ? checkpoint.tsaTime.toISOString() : null,
      },
      proofs,
      events_after_checkpoint: this.after,
      streams_after_checkpoint: later,
      problems,
      note: [
        `Chaque preuve mène la tête d’un flux (ligne « type/id@version:hash », feuille SHA-256(0x00 ‖ ligne), nœuds SHA-256(0x01 ‖ gauche ‖ droite), RFC 9162) à la racine du point de contrôle n° ${checkpoint.seq}, signé en Ed25519 (ADR 0038).`,
        'Le point de contrôle est public : GET /api/ledger/checkpoints/' + checkpoint.seq + '/ (racine, signature et, une fois horodaté, le jeton RFC 3161), la clé publique : GET /api/ledger/keys/. La page /verifier fait ces vérifications dans le navigateur.',
        checkpoint.tsaToken ? 'Le jeton d’horodatage RFC 3161 est joint.' : 'Le point de contrôle n’était pas encore horodaté à la génération : le jeton RFC 3161 est sur le point de contrôle publié.',
        this.after > 0 ? `${this.after} événement(s) du fichier sont postérieurs au point de contrôle : ils sont couverts par le suivant, pas par ces preuves.` : 'Tous les événements du fichier sont couverts par ce point de contrôle.',
      ].join(' '),
    };
  }
}
