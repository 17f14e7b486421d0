/** The words of the public verification page (/verifier, issue 27 item 5, docs/adr/0040). */
export const messages = {
  pageTitle: 'Vérifier un document ou un dossier de preuves',
  intro: 'Cette page vérifie, sans connexion, un certificat ou une attestation par son code, et un dossier de preuves par ses empreintes. Aucun fichier ne quitte votre navigateur.',
  code: {
    title: 'Vérifier un certificat ou une attestation',
    label: 'Code de vérification',
    help: 'Le code de 12 caractères imprimé sur le document (par exemple ACDE-FGHJ-KMNP), ou lu par son QR code.',
    placeholder: 'ACDE-FGHJ-KMNP',
    submit: 'Vérifier le code',
    empty: 'Saisissez le code imprimé sur le document.',
    failed: 'La vérification n’a pas pu aboutir. Réessayez dans un instant.',
    status: {
      valide: 'Document valide',
      remplace: 'Document remplacé',
      inconnu: 'Code inconnu',
    },
    validText: 'Ce document a été émis par le centre et n’a pas été remplacé.',
    replacedText: (day: string, version: number | null) => `Ce document a été remplacé le ${day}${version ? ` par sa version ${version}` : ''} : demandez la version en vigueur à son titulaire ou au centre.`,
    unknownText: 'Aucun document émis ne porte ce code. Vérifiez la saisie : un document falsifié ou mal recopié donne ce résultat.',
    fields: {
      kind: 'Document',
      version: 'Version',
      learner: 'Apprenant (initiales)',
      course: 'Formation',
      start: 'Début de la formation',
      end: 'Fin de la formation',
      issued: 'Émis le',
      replaced: 'Remplacé le',
    },
    unknownDate: 'non indiquée',
  },
  dossier: {
    title: 'Vérifier un dossier de preuves',
    drop: 'Déposez ici le ZIP du dossier, ou son manifest.json avec les fichiers qu’il énumère',
    dropHint: 'Les fichiers sont lus et leurs empreintes SHA-256 calculées dans votre navigateur : rien n’est envoyé au serveur.',
    reading: 'Calcul des empreintes…',
    failed: 'Le fichier n’a pas pu être lu comme un ZIP ou un manifeste.',
    intact: (n: number) => `Dossier conforme à son manifeste : les ${n} fichiers correspondent exactement au manifeste.`,
    altered: (n: number) => `Dossier NON conforme : ${n} fichier(s) diffèrent du manifeste.`,
    origin: {
      checking: 'Recherche de ce manifeste dans les registres du centre…',
      known: (scope: 'apprenant' | 'lot', day: string) =>
        `Manifeste reconnu : le centre a généré ce ${scope === 'lot' ? 'lot de dossiers' : 'dossier'} le ${day}, avec exactement ce manifeste.`,
      unknown:
        'Manifeste inconnu du centre : aucun dossier généré par le centre n’a ce manifeste. Les fichiers ont pu être modifiés avec lui ; la conformité ci-dessus ne prouve alors que leur cohérence avec ce manifeste.',
      failed: 'Les registres du centre n’ont pas pu être consultés : l’origine du manifeste n’est pas vérifiée.',
      hash: (sha: string) => `SHA-256 du manifeste : ${sha}`,
    },
    columns: { file: 'Fichier', verdict: 'Résultat', detail: 'Ce qui diffère' },
    verdict: { conforme: 'conforme', modifie: 'modifié', absent: 'absent', en_trop: 'en trop' },
    detail: {
      conforme: 'SHA-256 et taille identiques au manifeste.',
      modifie: (expected: string, found: string, bytesExpected: number, bytesFound: number) =>
        `SHA-256 attendu ${expected}, trouvé ${found}${bytesExpected !== bytesFound ? ` ; taille attendue ${bytesExpected.toLocaleString('fr-FR')} octets, trouvée ${bytesFound.toLocaleString('fr-FR')}` : ''}.`,
      absent: 'Énuméré par le manifeste, mais pas dans ce qui a été déposé.',
      en_trop: 'Déposé, mais le manifeste ne l’énumère pas.',
    },
    coverageTitle: 'Ce que la chaîne couvre',
    coverageIntro: 'Ce que le manifeste déclare lié au journal chaîné du centre, fichier par fichier.',
    coverageCount: (covered: number) => `${covered.toLocaleString('fr-FR')} élément(s) lié(s)`,
  },
  chain: {
    title: 'Chaînage des événements',
    intro:
      'Chaque événement de donnees/evenements.json porte le SHA-256 de son contenu (identifiant, flux, version, type, charge utile, métadonnées, date) et celui de l’événement qui le précède dans son flux. Ces empreintes sont recalculées ici : un événement modifié ne donne plus son hash ; recalculé par qui l’a modifié, il ne rejoint plus le lien de l’événement suivant, ni la tête prouvée par le point de contrôle.',
    intact: (events: number, streams: number) =>
      `${events.toLocaleString('fr-FR')} événement(s) de ${streams.toLocaleString('fr-FR')} flux recalculés : chaque hash et chaque lien correspondent.`,
    broken: (problems: number, events: number) => `${problems.toLocaleString('fr-FR')} anomalie(s) de chaînage sur ${events.toLocaleString('fr-FR')} événement(s).`,
    problem: (verdict: 'modifie' | 'lien' | 'manquant', type: string, stream: string, version: number, eventId: string) =>
      `Événement ${type} du flux ${stream}, version ${version} (${eventId}) : ${
        verdict === 'modifie'
          ? 'son contenu ne donne plus son hash (modifié depuis son enregistrement)'
          : verdict === 'lien'
            ? 'son lien ne correspond pas au hash de l’événement précédent (un événement avant lui a été modifié puis recalculé, ou retiré)'
            : 'des versions manquent avant lui dans le fichier'
      }`,
  },
  rows: {
    title: 'Signaux et enregistrements SCORM liés aux événements',
    intro: 'Chaque événement LearningTimeRecorded (version 2 et suivantes) porte l’empreinte SHA-256 des signaux de présence qu’il a enregistrés, chaque ScormCommitted (version 3 et suivantes) celle de son enregistrement SCORM. Ces empreintes sont recalculées ici à partir de donnees/signaux-de-presence.json et donnees/enregistrements-scorm.json : une ligne modifiée, même dans la base avant la génération du dossier, ne donne plus la même empreinte.',
    identical: (groups: number, commits: number) =>
      `${groups.toLocaleString('fr-FR')} groupe(s) de signaux et ${commits.toLocaleString('fr-FR')} enregistrement(s) SCORM recalculés : identiques aux empreintes des événements.`,
    differing: (problems: number) => `${problems.toLocaleString('fr-FR')} groupe(s) de signaux ou enregistrement(s) SCORM ne correspondent plus aux empreintes des événements.`,
    problem: (kind: 'signaux' | 'scorm', verdict: 'modifie' | 'absent', where: string) =>
      `${kind === 'signaux' ? 'Signaux de présence' : 'Enregistrement SCORM'} ${where} : ${verdict === 'modifie' ? 'modifié depuis son enregistrement' : 'absent du fichier'}`,
    event: (eventId: string) => `événement ${eventId}`,
    notCovered: (beats: number, commits: number) =>
      `Non couverts : ${beats.toLocaleString('fr-FR')} signal(aux) de présence et ${commits.toLocaleString('fr-FR')} enregistrement(s) SCORM qu’aucun événement ne lie (enregistrés avant ces versions, ou enregistrements SCORM périmés, qui n’ont pas d’événement).`,
    folder: (folder: string) => `Dossier ${folder}`,
    absent: 'Le fichier donnees/evenements.json n’a pas été déposé : les empreintes des lignes ne sont pas recalculées.',
  },
  ledger: {
    title: 'Point de contrôle signé (registre)',
    pending: 'Cette partie demande le registre du centre : les preuves d’inclusion des têtes de flux dans un point de contrôle publié, sa signature Ed25519 et son horodatage RFC 3161. Ce dossier n’en porte pas encore ; la conformité des fichiers ci-dessus ne prouve pas à elle seule que le centre n’a pas réécrit son journal.',
    checking: 'Vérification des preuves auprès du registre publié…',
    verified: (proofs: number, seq: number) => `Preuves vérifiées : les ${proofs} preuve(s) d’inclusion mènent au point de contrôle n° ${seq}, identique à celui que le centre publie, et sa signature Ed25519 est valide.`,
    failed: (problems: number, seq: number | null) => `Preuves NON vérifiées${seq !== null ? ` (point de contrôle n° ${seq})` : ''} : ${problems} problème(s), détaillé(s) ci-dessous.`,
    intro: 'Chaque preuve part de la tête d’un flux du dossier (« type/id@version:hash ») et remonte l’arbre de Merkle (RFC 9162) jusqu’à la racine du point de contrôle ; cette racine est comparée à celle que le centre publie, dont la signature est vérifiée avec sa clé publique. Seuls le numéro du point de contrôle et la liste des clés sont demandés au serveur.',
    fields: {
      manifest: 'Manifeste',
      checkpoint: 'Point de contrôle',
      proofs: 'Preuves d’inclusion',
      published: 'Point de contrôle publié',
      signature: 'Signature Ed25519',
      timestamp: 'Horodatage RFC 3161',
      events: 'Têtes dans donnees/evenements.json',
    },
    checkpointText: (seq: number, at: string | null) => `n° ${seq}${at ? `, écrit le ${new Date(at).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })}` : ''}`,
    proofsText: (ok: number, of: number) => `${ok} sur ${of} mènent à sa racine`,
    publishedText: { same: 'même racine et même texte signé que le dossier', differs: 'DIFFÉRENT de celui que porte le dossier', unknown: 'non lu' },
    signatureText: (ok: boolean, keyId: string) => `${ok ? 'valide' : 'INVALIDE'} (clé ${keyId.slice(0, 16)}…)`,
    signatureUnknown: 'non vérifiée (clé ou point de contrôle indisponible)',
    timestampText: (ok: boolean | null, time: string | null, authority: string | null) =>
      `${ok === true ? 'jeton valide' : ok === false ? 'jeton INVALIDE' : 'jeton présent'}${time ? `, heure de l’autorité : ${new Date(time).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })}` : ''}${authority ? `, autorité : ${authority}` : ''}. Empreinte du texte signé et signature de l’autorité vérifiées sur cette page ; la chaîne de l’autorité jusqu’à une autorité de confiance ne l’est pas (la page ne sait pas laquelle le centre a choisie) : « openssl ts -verify … -CAfile » ou npm run eventlog:verify (ADR 0038).`,
    timestampAbsent: 'pas encore de jeton : le point de contrôle n’est pas (encore) horodaté par une autorité, ou aucune autorité n’est configurée.',
    eventsText: (found: number, of: number) => `${found} sur ${of} retrouvée(s) avec le même hash`,
    eventsAbsent: 'fichier non déposé : non vérifié',
    proofOk: 'mène à la racine',
    proofBad: 'ne mène pas à la racine',
    unreadable: 'Les preuves n’ont pas pu être vérifiées auprès du registre publié. Réessayez dans un instant.',
  },
};
