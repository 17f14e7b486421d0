/**
 * The teaching texts of the demo's text steps, as the centre's trainers wrote them (issue 30, item 5).
 *
 * A text step is plain text (the player shows it as paragraphs, docs: `content-step.tsx`): a blank
 * line separates paragraphs and a single line break stays, so a paragraph whose first line is short
 * reads as a sub-heading, lines starting with « • » as a list, and a last paragraph « À retenir » as
 * the summary box. No HTML: the server stores the text as it is and the player injects none.
 *
 * Written here with ordinary spaces; `frenchSpacing` puts the non-breaking spaces French typography
 * wants (before « : », inside guillemets, before « ; ! ? », in « 1 000 € » and « 20 % »).
 */

/**
 * Ordinary spaces to French non-breaking ones: U+00A0 before « : », « € », « % » and inside « »,
 * U+202F before « ; ! ? » and between digit groups; not in code (« !== », « ?? », « 1 1 280px »).
 */
export function frenchSpacing(text: string): string {
  return text
    .replace(/ :(?![\w=?.])/g, '\u00a0:')
    .replace(/ ([;!?])(?![\w=?.])/g, '\u202f$1')
    .replace(/« /g, '«\u00a0')
    .replace(/ »/g, '\u00a0»')
    .replace(/(\d) (€|%)/g, '$1\u00a0$2')
    .replace(/(\d) (\d{3})(?![\dp])/g, '$1\u202f$2')
    // The player collapses ordinary spaces (white-space: pre-line): a code line keeps its indent in no-break spaces.
    .replace(/^ +/gm, (indent) => '\u00a0'.repeat(indent.length));
}

const lines = (...paragraphs: string[]) => frenchSpacing(paragraphs.join('\n\n'));

// --- Modèles de documents Word et Excel (Claire Martin) ---

export const TEMPLATES_WHY = lines(
  'Chaque semaine, dans un service administratif, des dizaines de courriers, de devis et de comptes rendus sont produits à partir d’un document « de l’an dernier » que l’on ouvre, que l’on vide et que l’on réenregistre. Le risque est connu : une ancienne date qui reste, un logo périmé, un document d’origine écrasé par mégarde.',
  'Un modèle règle ces trois problèmes. C’est un fichier d’un type particulier – .dotx pour Word, .xltx pour Excel (.dotm et .xltm s’il contient des macros) – qui ne s’ouvre jamais lui-même : Fichier > Nouveau crée un document neuf, sans titre, qui reprend sa mise en page, ses styles, ses textes fixes et ses champs.',
  'Ce que contient un bon modèle\n• la mise en page : marges, en-tête et pied de page, logo ;\n• les styles du document (titres, corps de texte, tableaux) ;\n• les textes qui ne changent jamais (mentions légales, coordonnées) ;\n• des champs qui se remplissent seuls (date, numéro de page, auteur) ;\n• des zones de saisie clairement signalées.',
  'Exemple : partir d’un document existant\nOuvrez votre dernier compte rendu de réunion. Supprimez le contenu propre à cette réunion mais gardez les titres de rubriques. Remplacez la date tapée à la main par un champ (voir l’étape « Champs automatiques »). Puis Fichier > Enregistrer sous, type « Modèle Word (*.dotx) » : Word propose le dossier « Modèles Office personnalisés », acceptez-le. Le modèle apparaît désormais dans Fichier > Nouveau > Personnel.',
  'À retenir\n• Un modèle (.dotx, .xltx) crée des documents neufs et n’est jamais modifié par erreur.\n• On le construit à partir d’un document réel, nettoyé.\n• Enregistré dans « Modèles Office personnalisés », il est proposé par Fichier > Nouveau.',
);

export const TEMPLATES_STYLES = lines(
  'Un style est un ensemble de mises en forme nommé : police, taille, couleur, espacements, retraits, enchaînements. Mettre un titre en gras et en 16 points « à la main », c’est de la mise en forme directe ; lui appliquer le style Titre 1, c’est dire à Word ce qu’est ce paragraphe. La différence se voit le jour où il faut tout changer.',
  'Ce que les styles apportent\n• une présentation homogène, même quand plusieurs personnes rédigent ;\n• une modification globale : on change le style Titre 2 une fois, tous les titres de niveau 2 suivent ;\n• la table des matières automatique (Références > Table des matières), qui s’appuie sur Titre 1, Titre 2 et Titre 3 ;\n• le volet de navigation, qui permet de se déplacer de titre en titre ;\n• des documents accessibles : un lecteur d’écran annonce les niveaux de titre.',
  'Modifier un style plutôt qu’en créer un\nDans l’onglet Accueil, clic droit sur le style Normal > Modifier : choisissez la police et la taille du corps de texte, puis, via Format > Paragraphe, un espacement de 6 pt après. Faites de même pour Titre 1 et Titre 2. Cochez « Nouveaux documents basés sur ce modèle » pour que le réglage soit enregistré dans le modèle et non dans le seul document.',
  'Les thèmes\nUn thème (onglet Création > Thèmes) regroupe une palette de couleurs, une paire de polices (titres et corps) et des effets. Les styles qui utilisent les « couleurs du thème » changent avec lui : choisir les couleurs de la charte graphique du centre dans Création > Couleurs > Personnaliser suffit à habiller tout le document, graphiques SmartArt compris.',
  'À retenir\n• Pas de mise en forme directe dans un modèle : des styles.\n• Titre 1, Titre 2, Titre 3 nourrissent la table des matières et le volet de navigation.\n• Les couleurs et polices de la charte se règlent une fois, dans le thème.',
);

export const TEMPLATES_FIELDS = lines(
  'Un champ est une petite instruction que Word calcule à l’affichage ou à l’impression : la date, le numéro de la page, le nombre total de pages, le nom du fichier, l’auteur. Dans un modèle, les champs remplacent tout ce que l’on oubliait de mettre à jour.',
  'Les champs les plus utiles\n• PAGE et NUMPAGES : « Page 2 sur 5 » en pied de page ;\n• CREATEDATE : la date de création du document, qui ne bouge plus ensuite ;\n• DATE : la date du jour, recalculée à chaque ouverture ;\n• FILENAME : le nom du fichier, pratique sur un document imprimé ;\n• AUTHOR et TITLE : les propriétés saisies dans Fichier > Informations.',
  'Exemple : la date d’un courrier\nDans un modèle de lettre, n’utilisez pas DATE : le courrier envoyé en mars afficherait la date du jour où on le rouvre en juin. Insérez plutôt Insertion > QuickPart > Champ > CreateDate, format « jeudi 12 mars 2026 ». Chaque courrier créé depuis le modèle portera sa date de création, une fois pour toutes.',
  'Les bons réflexes\nAlt + F9 affiche ou masque le code des champs, par exemple { CREATEDATE \\@ "d MMMM yyyy" } ; F9 met à jour les champs sélectionnés (Ctrl + A puis F9 pour tout le document). Un champ apparaît sur fond gris quand on clique dessus : c’est ainsi qu’on le distingue d’un texte tapé.',
  'À retenir\n• Ce qui change d’un document à l’autre et que Word connaît : un champ, jamais une saisie.\n• CREATEDATE pour la date d’un courrier, DATE pour un document toujours à jour.\n• Alt + F9 pour voir les codes, F9 pour mettre à jour.',
);

export const TEMPLATES_VALIDATION = lines(
  'Dans un modèle Excel partagé (note de frais, bon de commande, planning), la plupart des erreurs viennent de la saisie : « Lyon », « lyon » et « LYON » deviennent trois villes différentes dans un tableau croisé, une date tapée « 31/02 » est acceptée comme texte. La validation des données refuse ces saisies avant qu’elles n’entrent dans le classeur.',
  'Créer une liste déroulante\n1. Sur une feuille « Listes », saisissez les valeurs autorisées dans une colonne, puis mettez-la sous forme de tableau (Ctrl + T) et nommez-le, par exemple tblServices.\n2. Sélectionnez les cellules de saisie, puis Données > Validation des données.\n3. Autoriser : Liste ; Source : =INDIRECT("tblServices[Service]").\n4. Onglet « Message de saisie » : expliquez ce qui est attendu ; onglet « Alerte d’erreur » : style Arrêt et un message clair.',
  'Grâce au tableau, la liste grandit toute seule : un service ajouté sur la feuille « Listes » apparaît aussitôt dans le menu déroulant.',
  'D’autres règles utiles\n• Nombre décimal compris entre 0 et 10 000 pour un montant ;\n• Date supérieure ou égale à =AUJOURDHUI() pour une date de livraison ;\n• Longueur du texte égale à 14 pour un numéro SIRET.',
  'Protéger ce qui ne se saisit pas\nSélectionnez les cellules de saisie, Format de cellule > Protection, décochez « Verrouillée ». Puis Révision > Protéger la feuille : les formules et les intitulés ne peuvent plus être effacés, les zones de saisie restent libres.',
  'À retenir\n• Une liste déroulante alimentée par un tableau nommé se met à jour seule.\n• Un message de saisie vaut mieux qu’un message d’erreur.\n• Déverrouiller les cellules de saisie, puis protéger la feuille.',
);

// --- Excel : tableaux croisés dynamiques (Claire Martin) ---

export const PIVOT_DATA = lines(
  'Un tableau croisé dynamique ne vaut que par les données qu’il résume. Avant d’insérer le moindre tableau croisé, prenez cinq minutes pour vérifier que votre source ressemble à une base de données et non à un état déjà mis en forme.',
  'Les cinq règles d’une source propre\n• une seule ligne d’en-tête, avec un intitulé unique dans chaque colonne ;\n• une ligne par enregistrement (une vente, une heure de formation, une facture) ;\n• aucune cellule fusionnée, aucune ligne ou colonne vide au milieu ;\n• un seul type de donnée par colonne : des dates, des nombres ou du texte ;\n• pas de lignes de sous-total ni de total : le tableau croisé les calculera.',
  'Exemple guidé\nL’export de votre logiciel de facturation présente un bloc par région, avec le nom de la région fusionné sur plusieurs lignes et un total sous chaque bloc. Défusionnez, recopiez la région sur chaque ligne (sélection > F5 > Cellules > Cellules vides, tapez = et la flèche du haut, validez par Ctrl + Entrée), supprimez les lignes de total. Vous obtenez quatre colonnes : Date, Région, Produit, Montant HT.',
  'Mettre la source sous forme de tableau\nCliquez dans les données et faites Ctrl + T (Insertion > Tableau), puis nommez le tableau, par exemple tblVentes. Le tableau croisé pointera vers tblVentes : les lignes ajoutées le mois suivant seront prises en compte à la prochaine actualisation, sans modifier la plage source.',
  'À retenir\n• Une ligne d’en-tête, une ligne par enregistrement, un type par colonne.\n• Ni cellules fusionnées, ni totaux dans la source.\n• Une source sous forme de tableau nommé grandit avec vos données.',
);

export const PIVOT_CHARTS = lines(
  'Un graphique croisé dynamique est lié à son tableau croisé : il suit les filtres, les segments et les regroupements. On le crée depuis le tableau croisé, onglet Analyse du tableau croisé dynamique > Graphique croisé dynamique. La vraie question n’est pas technique : quel message le graphique doit-il faire passer ?',
  'Le bon graphique pour le bon message\n• Comparer des catégories (chiffre d’affaires par région) : histogramme, ou barres horizontales si les libellés sont longs.\n• Montrer une évolution (ventes mois par mois) : courbe, dates en abscisse.\n• Montrer une répartition (part de chaque produit) : secteurs, seulement jusqu’à cinq parts ; au-delà, des barres triées.\n• Comparer une répartition entre groupes : histogramme empilé à 100 %.',
  'Exemple guidé\nÀ partir de tblVentes, placez Date en lignes (Excel propose de grouper par mois : acceptez, en gardant aussi les années), Région en colonnes et Montant HT en valeurs. Insérez un graphique en courbes : une courbe par région. Ajoutez un segment sur Produit (Insertion > Segment) et une chronologie sur Date (Insertion > Chronologie) : un clic suffit pour isoler un produit ou un trimestre, et le tableau comme le graphique se mettent à jour.',
  'Soigner la lecture\nDonnez au graphique un titre qui dit le message (« Le Sud rattrape le Nord depuis mars ») plutôt que le sujet (« Ventes »). Masquez les boutons de champ (clic droit > Masquer tous les boutons de champ) avant de copier le graphique dans un rapport, et commencez l’axe des valeurs à zéro pour un histogramme.',
  'À retenir\n• Le graphique suit son tableau croisé : filtres, segments, chronologie.\n• Comparaison : barres ; évolution : courbe ; répartition : secteurs à cinq parts au plus.\n• Un titre qui énonce le message.',
);

// --- Piloter un projet avec la méthode agile (Claire Martin) ---

export const AGILE_MANIFESTO = lines(
  'En février 2001, dix-sept praticiens du développement logiciel réunis à Snowbird, dans l’Utah, ont rédigé le Manifeste pour le développement agile de logiciels. Texte court, il ne décrit aucune méthode : il énonce quatre valeurs et douze principes que Scrum, Kanban ou Extreme Programming mettent chacun en œuvre à leur façon.',
  'Les quatre valeurs\n• Les individus et leurs interactions plus que les processus et les outils.\n• Des logiciels opérationnels plus qu’une documentation exhaustive.\n• La collaboration avec les clients plus que la négociation contractuelle.\n• L’adaptation au changement plus que le suivi d’un plan.',
  'Le manifeste précise : « nous reconnaissons la valeur des seconds éléments, mais privilégions les premiers ». L’agilité ne supprime donc ni la documentation, ni le contrat, ni le plan ; elle les met au service du résultat.',
  'Quelques principes, en clair\n• Livrer souvent un produit qui fonctionne, toutes les deux semaines à deux mois, avec une préférence pour les délais courts.\n• Accueillir les changements de besoin, même tard dans le projet.\n• Faire travailler ensemble, chaque jour, les métiers et l’équipe de réalisation.\n• À intervalles réguliers, réfléchir aux moyens de devenir plus efficace, puis s’ajuster.',
  'Hors du logiciel\nCes valeurs s’appliquent à bien d’autres projets : refonte d’un catalogue de formations, déménagement d’un service, lancement d’une offre. Dans chaque cas, on livre par petits incréments utilisables et on recueille l’avis des utilisateurs avant de poursuivre.',
  'À retenir\n• Quatre valeurs, douze principes, aucune méthode imposée.\n• « Plus que » ne veut pas dire « à la place de ».\n• Livrer tôt, souvent, et s’améliorer à chaque cycle.',
);

export const AGILE_SCRUM = lines(
  'Scrum est un cadre de travail léger, décrit dans le Scrum Guide (dernière version : 2020). Il organise le travail en sprints, des cycles de durée fixe d’un mois au plus, au terme desquels l’équipe livre un incrément utilisable.',
  'Trois responsabilités\n• Le Product Owner maximise la valeur du produit : il ordonne le Product Backlog et en explique les éléments.\n• Les Developers réalisent l’incrément ; ils s’organisent eux-mêmes pour atteindre l’objectif du sprint.\n• Le Scrum Master fait comprendre et appliquer Scrum, lève les obstacles et facilite les événements.',
  'Cinq événements\n• Le Sprint, qui contient tous les autres.\n• Le Sprint Planning (8 heures au plus pour un sprint d’un mois) : pourquoi, quoi, comment.\n• Le Daily Scrum : 15 minutes chaque jour pour faire le point sur l’objectif du sprint.\n• La Sprint Review : l’incrément est montré aux parties prenantes, le backlog est ajusté.\n• La Sprint Retrospective : l’équipe choisit comment mieux travailler au sprint suivant.',
  'Trois artefacts et leurs engagements\n• Product Backlog, orienté par l’objectif de produit (Product Goal).\n• Sprint Backlog, orienté par l’objectif de sprint (Sprint Goal).\n• Incrément, qui respecte la définition de « terminé » (Definition of Done).',
  'À retenir\n• Des sprints d’un mois au plus, qui livrent chacun un incrément utilisable.\n• Product Owner, Scrum Master, Developers : des responsabilités, pas des titres.\n• Chaque artefact a son engagement : Product Goal, Sprint Goal, Definition of Done.',
);

export const AGILE_KANBAN = lines(
  'Kanban, venu du système de production de Toyota et adapté au travail intellectuel par David J. Anderson, ne prescrit ni rôles ni cycles. Il part de la façon dont l’équipe travaille aujourd’hui et l’améliore pas à pas, en rendant le flux de travail visible.',
  'Les trois pratiques de base\n• Visualiser : un tableau dont les colonnes sont les étapes réelles du travail, par exemple À faire, En cours, En relecture, Terminé, et une carte par tâche.\n• Limiter le travail en cours : chaque colonne a un plafond (limite WIP, work in progress). Quand il est atteint, on termine avant de commencer.\n• Gérer le flux : on observe où les cartes s’accumulent et on traite le goulet d’étranglement.',
  'Exemple\nL’équipe pédagogique met à jour ses supports. La colonne « En relecture » est limitée à 3 cartes ; elle est pleine depuis deux jours. Plutôt que d’ouvrir un nouveau support, les formateurs libres aident à relire : le flux repart, et l’équipe décide d’ajouter une relectrice le jeudi.',
  'Les indicateurs\n• Le délai de traversée (lead time) : de la demande à la livraison.\n• Le temps de cycle (cycle time) : du début du travail à la livraison.\n• Le débit : le nombre de cartes terminées par semaine.\n• Le diagramme de flux cumulé, qui montre d’un coup d’œil les colonnes qui gonflent.',
  'À retenir\n• Visualiser, limiter le travail en cours, gérer le flux.\n• Terminer avant de commencer.\n• Mesurer le délai de traversée plutôt que l’occupation des personnes.',
);

// --- Guide de l’Étudiant en formation à distance (Claire Martin) ---

export const GUIDE_PLANNING = lines(
  'Se former à distance, c’est gagner en liberté, et donc devoir organiser soi-même ce qu’une salle de formation organisait pour vous. Les apprenants qui vont au bout de leur parcours ont presque tous un point commun : ils ont fixé leurs créneaux dès la première semaine.',
  'Des séances courtes et régulières\nTrois ou quatre séances de 30 à 45 minutes par semaine valent mieux qu’un après-midi entier le dimanche : la mémoire retient mieux ce qui est revu souvent, et une séance courte se case plus facilement dans une journée de travail.',
  'Exemple de semaine\n• Lundi, 12 h 30 – 13 h 15 : une nouvelle étape du cours.\n• Mercredi, 18 h – 18 h 45 : l’étape suivante et ses exercices.\n• Jeudi, 12 h 30 – 13 h : le quiz, puis une question au formateur par la messagerie.\n• Samedi, 10 h – 10 h 30 : relecture de la semaine et préparation de la suivante.',
  'Protéger ses créneaux\nInscrivez ces séances dans votre agenda comme un rendez-vous, prévenez votre entourage, coupez les notifications. La technique Pomodoro aide à démarrer : 25 minutes de travail concentré, 5 minutes de pause, et une pause plus longue après quatre cycles.',
  'À retenir\n• Des créneaux fixes, courts et réguliers, décidés dès le début.\n• Un rendez-vous dans l’agenda, protégé comme un autre.\n• Une revue de dix minutes en fin de semaine pour préparer la suivante.',
);

export const GUIDE_NOTES = lines(
  'Relire un cours ne suffit pas à le retenir : c’est en le reformulant qu’on le comprend. La méthode Cornell, mise au point par Walter Pauk à l’université Cornell dans les années 1950, structure la prise de notes pour la relire et s’auto-évaluer facilement.',
  'La page en trois zones\n• À droite, la grande zone de notes : pendant l’étape, notez les idées principales avec vos mots, en phrases courtes, abréviations comprises.\n• À gauche, une colonne d’environ un tiers de la largeur : après l’étape, écrivez-y les mots-clés et les questions auxquelles vos notes répondent.\n• En bas, cinq ou six lignes de résumé : l’essentiel de la page en trois ou quatre phrases.',
  'Exemple\nAprès l’étape sur les tableaux croisés dynamiques, la colonne de gauche porte « Source propre ? », « Pourquoi un tableau nommé ? » ; le résumé dit : « Une ligne d’en-tête, pas de fusion, un type par colonne. Le tableau nommé grandit avec les données. »',
  'Réviser avec ses notes\nDans les 24 heures, cachez la zone de droite et répondez à voix haute aux questions de la colonne de gauche. Recommencez quelques jours plus tard, puis avant le quiz. Ce rappel actif, espacé dans le temps, est la manière la plus sûre de mémoriser.',
  'À retenir\n• Notes à droite, questions à gauche, résumé en bas.\n• Reformuler avec ses mots, jamais recopier.\n• Se réinterroger sous 24 heures, puis à intervalles croissants.',
);

// --- Les bases de HTML et CSS (Julien Bernard) ---

export const HTML_STRUCTURE = lines(
  'Toute page web repose sur le même squelette. Le navigateur le lit de haut en bas ; les moteurs de recherche et les lecteurs d’écran s’appuient sur lui pour comprendre la page. Voici le minimum d’une page correcte :',
  '<!DOCTYPE html>\n<html lang="fr">\n<head>\n  <meta charset="utf-8">\n  <meta name="viewport" content="width=device-width, initial-scale=1">\n  <title>Nos formations – Centre de formation</title>\n  <link rel="stylesheet" href="styles.css">\n</head>\n<body>\n  …\n</body>\n</html>',
  'Ligne par ligne\n• Le doctype déclenche le mode standard du navigateur.\n• lang="fr" indique la langue : un lecteur d’écran prononcera le texte en français.\n• meta charset="utf-8" garantit l’affichage des accents.\n• meta viewport rend la page lisible sur un téléphone.\n• title s’affiche dans l’onglet et dans les résultats de recherche.',
  'Les balises sémantiques\nDans body, on découpe la page selon le sens plutôt qu’avec des div anonymes : header pour l’en-tête du site, nav pour le menu, main pour le contenu principal (un seul par page), article pour un contenu autonome, section pour une partie titrée, aside pour un contenu annexe, footer pour le pied de page. Un utilisateur de lecteur d’écran peut alors sauter directement au contenu principal.',
  'À retenir\n• Doctype, html lang="fr", meta charset, meta viewport, title : à chaque page.\n• header, nav, main, footer décrivent la structure ; div ne sert qu’à la mise en page.\n• Un seul main par page.',
);

export const HTML_HEADINGS = lines(
  'Les titres h1 à h6 forment le plan de la page. Ils ne servent pas à grossir un texte – c’est le rôle du CSS – mais à dire comment le contenu est organisé.',
  'Les règles\n• Un seul h1 par page, qui dit de quoi elle parle.\n• Des niveaux sans saut : un h3 se place sous un h2, jamais directement sous le h1.\n• Un titre annonce toujours un contenu qui le suit.',
  'Exemple\n<h1>Formation bureautique</h1>\n<h2>Programme</h2>\n<h3>Module 1 : Word</h3>\n<h3>Module 2 : Excel</h3>\n<h2>Modalités et financement</h2>',
  'Les paragraphes et l’emphase\nChaque paragraphe va dans sa balise p ; on ne saute pas de ligne avec des br successifs. Pour l’importance, strong ; pour l’insistance, em. Ces balises ont un sens que les lecteurs d’écran restituent, contrairement à b et i, purement visuelles.',
  'À retenir\n• Les titres forment le plan : un h1, puis des niveaux sans saut.\n• La taille d’un texte se règle en CSS, pas en choisissant un niveau de titre.\n• p pour les paragraphes, strong et em pour l’importance et l’insistance.',
);

export const HTML_FLEXBOX = lines(
  'Flexbox est le modèle de mise en page du CSS conçu pour aligner des éléments sur une ligne ou une colonne et répartir l’espace entre eux. Il suffit d’une déclaration sur le conteneur, display: flex, pour que ses enfants directs deviennent des éléments flexibles.',
  'Deux axes\n• L’axe principal suit flex-direction : row (par défaut, de gauche à droite) ou column (de haut en bas).\n• L’axe secondaire lui est perpendiculaire.\njustify-content répartit les éléments sur l’axe principal (flex-start, center, space-between…), align-items les aligne sur l’axe secondaire (stretch par défaut, center, flex-start…).',
  'Exemple : une rangée de cartes de formation\n.cartes {\n  display: flex;\n  flex-wrap: wrap;\n  gap: 24px;\n}\n.carte {\n  flex: 1 1 280px;\n}',
  'Chaque carte part d’une largeur de 280 px (flex-basis), grandit pour occuper la place libre (flex-grow: 1) et peut rétrécir (flex-shrink: 1). Avec flex-wrap: wrap, les cartes passent à la ligne quand la place manque : trois par ligne sur un grand écran, une seule sur un téléphone, sans aucune media query. gap règle l’espace entre les cartes, sans marges à compenser.',
  'À retenir\n• display: flex sur le conteneur, pas sur les enfants.\n• justify-content pour l’axe principal, align-items pour l’axe secondaire.\n• flex: 1 1 280px et flex-wrap: wrap donnent une grille qui s’adapte seule.',
);

// --- JavaScript moderne (Julien Bernard) ---

export const JS_VARIABLES = lines(
  'Depuis ES2015, JavaScript déclare ses variables avec const et let. var, l’ancienne forme, a une portée de fonction et se laisse redéclarer : elle est source de bogues et n’a plus sa place dans du code neuf.',
  'const ou let ?\n• const par défaut : la variable ne pourra pas être réaffectée.\n• let quand la valeur doit changer (un compteur, un total en cours de calcul).\nAttention : const empêche la réaffectation, pas la modification. Un objet déclaré avec const peut voir ses propriétés changer.',
  'Les types primitifs\nJavaScript en compte sept : string, number, bigint, boolean, undefined, null et symbol. Tout le reste – tableaux, fonctions, dates – est un objet. L’opérateur typeof donne le type d’une valeur, avec une bizarrerie historique : typeof null vaut "object".',
  'Exemple\nconst tauxTva = 0.2;\nlet totalHt = 0;\nfor (const prix of [120, 80, 45.5]) {\n  totalHt += prix;\n}\nconst message = `Total TTC : ${(totalHt * (1 + tauxTva)).toFixed(2)} €`;',
  'Comparer sans surprise\nUtilisez toujours === et !== : ils comparent la valeur et le type. == convertit les types avant de comparer, si bien que 0 == "" est vrai. Les gabarits de chaîne, entre accents graves, insèrent une expression avec ${…} sans concaténation.',
  'À retenir\n• const par défaut, let si la valeur change, jamais var.\n• Sept types primitifs ; tout le reste est objet.\n• === plutôt que ==.',
);

export const JS_ASYNC = lines(
  'Une page web ne doit jamais se figer pendant qu’elle attend une réponse du réseau. JavaScript traite donc les opérations longues de façon asynchrone : on lance la demande, le programme continue, et le résultat est traité quand il arrive.',
  'Les promesses\nUne promesse (Promise) représente un résultat à venir. Elle est d’abord en attente, puis tenue avec une valeur ou rompue avec une erreur. fetch, qui interroge un serveur, renvoie une promesse.',
  'async et await\nUne fonction déclarée async peut attendre une promesse avec await, et le code se lit alors de haut en bas, comme du code ordinaire :\nasync function chargerFormations() {\n  const reponse = await fetch("/api/formations");\n  const formations = await reponse.json();\n  return formations.filter((f) => f.places > 0);\n}',
  'Attendre plusieurs promesses à la fois\nDeux appels indépendants n’ont pas à s’attendre l’un l’autre. Promise.all les lance en parallèle et rend leurs résultats dans l’ordre :\nconst [formations, sessions] = await Promise.all([\n  fetch("/api/formations").then((r) => r.json()),\n  fetch("/api/sessions").then((r) => r.json()),\n]);',
  'À retenir\n• Une promesse est en attente, tenue ou rompue.\n• await ne s’utilise que dans une fonction async (ou au niveau d’un module).\n• Promise.all pour les appels indépendants, lancés en parallèle.',
);

export const JS_ERRORS = lines(
  'Un réseau coupé, un serveur qui répond une erreur, une donnée inattendue : un programme robuste prévoit ces cas et informe l’utilisateur au lieu de s’arrêter en silence.',
  'try, catch, finally\nDans une fonction async, une promesse rompue devient une exception à l’endroit du await : on la rattrape avec try…catch. Le bloc finally s’exécute dans tous les cas, par exemple pour masquer un indicateur de chargement.',
  'Le piège de fetch\nfetch ne rompt sa promesse que si le réseau échoue. Une réponse 404 ou 500 est une promesse tenue ! Il faut donc tester reponse.ok :\nasync function chargerSession(id) {\n  try {\n    const reponse = await fetch(`/api/sessions/${id}`);\n    if (!reponse.ok) throw new Error(`Erreur ${reponse.status}`);\n    return await reponse.json();\n  } catch (erreur) {\n    afficherMessage("La session n’a pas pu être chargée. Réessayez dans un instant.");\n    return null;\n  } finally {\n    masquerChargement();\n  }\n}',
  'Lancer ses propres erreurs\nthrow new Error("message") interrompt l’exécution jusqu’au catch le plus proche. Lancez toujours un objet Error (il porte la pile d’appels), avec un message qui dit ce qui était attendu. Sans await ni catch, une promesse rompue déclenche l’événement unhandledrejection : c’est le signe d’un oubli.',
  'À retenir\n• try…catch autour des await qui peuvent échouer ; finally pour le nettoyage.\n• fetch ne rompt pas sur une erreur HTTP : vérifier reponse.ok.\n• Un message clair pour l’utilisateur, le détail technique pour la console.',
);

// --- Sensibilisation à la cybersécurité (Julien Bernard) ---

export const SECURITY_PHISHING = lines(
  'L’hameçonnage (phishing) consiste à se faire passer pour un interlocuteur de confiance – banque, fournisseur, service des impôts, collègue – pour obtenir un mot de passe, un paiement ou l’ouverture d’une pièce jointe piégée. C’est la première porte d’entrée des attaques contre les entreprises, quelle que soit leur taille.',
  'Les signaux d’alerte\n• L’expéditeur : le nom affiché est familier, mais l’adresse réelle ne l’est pas (service-facturation@edf-paiement.info).\n• L’urgence ou la menace : « votre compte sera suspendu sous 24 h ».\n• La demande inhabituelle : changer le RIB d’un fournisseur, acheter des cartes cadeaux, se connecter « pour vérifier ».\n• Le lien : survolez-le sans cliquer ; l’adresse qui s’affiche n’est pas celle du site annoncé.\n• La pièce jointe inattendue, surtout une archive ou un document qui demande d’« activer le contenu ».',
  'Exemple : la fraude au changement de RIB\nLa comptable reçoit d’un fournisseur habituel un courriel signalant un changement de banque, avec un nouveau RIB en pièce jointe. Le ton est normal, la signature aussi. Le bon réflexe : appeler le fournisseur au numéro déjà connu – jamais celui du courriel – avant toute modification.',
  'Que faire d’un message suspect ?\nNe cliquez pas, ne répondez pas, ne transférez pas à vos collègues. Signalez-le au service informatique selon la procédure du centre, puis supprimez-le. Un SMS frauduleux se signale en le transférant au 33700 ; cybermalveillance.gouv.fr propose une aide aux victimes.',
  'À retenir\n• Expéditeur, urgence, demande inhabituelle, lien, pièce jointe : cinq signaux à vérifier.\n• Toute demande de paiement ou de changement de RIB se confirme par un autre canal.\n• Un doute ? Signaler plutôt que cliquer.',
);

export const SECURITY_PASSWORDS = lines(
  'Un mot de passe court ou réutilisé se devine ou se rachète : des milliards d’identifiants dérobés circulent, et les attaquants essaient chaque couple adresse / mot de passe sur des centaines de sites. Un seul site piraté suffit alors à ouvrir votre messagerie professionnelle.',
  'Longueur et unicité\nLa CNIL recommande au moins 12 caractères mêlant majuscules, minuscules, chiffres et caractères spéciaux, ou au moins 14 caractères mêlant majuscules, minuscules et chiffres. Le plus simple est une phrase de passe : plusieurs mots sans lien entre eux, par exemple « Girafe-Trombone-Lundi-Ardoise-Marée-7 », longue et pourtant facile à retenir. Surtout : un mot de passe différent par service.',
  'Le gestionnaire de mots de passe\nPersonne ne retient trente mots de passe différents. Un gestionnaire (KeePass, certifié par l’ANSSI, ou celui que fournit votre entreprise) les génère, les stocke chiffrés et les remplit pour vous. Vous n’avez plus qu’un mot de passe à retenir : celui du coffre, long et jamais utilisé ailleurs.',
  'La double authentification\nActivez-la partout où elle est proposée, en priorité sur la messagerie, qui permet de réinitialiser tous les autres comptes. Après le mot de passe, une application ou une clé de sécurité confirme que c’est bien vous : un mot de passe volé ne suffit plus.',
  'À retenir\n• 12 caractères au moins, ou une phrase de passe.\n• Un mot de passe par service, rangé dans un gestionnaire.\n• La double authentification sur la messagerie d’abord.',
);

// --- Comptabilité générale : les fondamentaux (Claire Martin) ---

export const ACCOUNTING_PCG = lines(
  'Le plan comptable général (PCG), fixé par le règlement ANC n° 2014-03 (modernisé par le règlement n° 2022-06 pour les exercices ouverts depuis le 1er janvier 2025), attribue à chaque opération un compte numéroté. Le premier chiffre donne la classe, chaque chiffre ajouté précise le compte : 6 Charges, 60 Achats, 607 Achats de marchandises.',
  'Les classes du bilan (ce que l’entreprise possède et doit)\n• Classe 1 – Comptes de capitaux : 101 Capital, 164 Emprunts auprès des établissements de crédit.\n• Classe 2 – Immobilisations : 2183 Matériel de bureau et matériel informatique.\n• Classe 3 – Stocks et en-cours : 37 Stocks de marchandises.\n• Classe 4 – Comptes de tiers : 401 Fournisseurs, 411 Clients, 44566 TVA déductible sur autres biens et services, 44571 TVA collectée.\n• Classe 5 – Comptes financiers : 512 Banques, 530 Caisse.',
  'Les classes du compte de résultat (ce que l’exercice a coûté et rapporté)\n• Classe 6 – Charges : 6064 Fournitures administratives, 607 Achats de marchandises, 613 Locations, 626 Frais postaux et de télécommunications, 641 Rémunérations du personnel.\n• Classe 7 – Produits : 706 Prestations de services, 707 Ventes de marchandises.\nLa classe 8 regroupe des comptes spéciaux (engagements hors bilan), peu utilisés au quotidien.',
  'Exemple : où enregistrer ?\nUn ordinateur portable de 1 200 € HT acheté pour l’accueil va en 2183 (il servira plusieurs années) ; une ramette de papier en 6064 ; la facture de téléphone en 626 ; une formation vendue à une entreprise en 706.',
  'À retenir\n• Classes 1 à 5 : le bilan ; classes 6 et 7 : le compte de résultat.\n• 401 Fournisseurs, 411 Clients, 512 Banques : les comptes de tous les jours.\n• Un bien durable s’immobilise (classe 2), une consommation est une charge (classe 6).',
);

export const ACCOUNTING_ENTRIES = lines(
  'La comptabilité en partie double repose sur une règle : chaque opération touche au moins deux comptes, et le total des débits est égal au total des crédits. Les écritures courantes sont passées dans trois journaux : achats (HA), ventes (VT) et banque (BQ).',
  'Un achat de marchandises, journal des achats\nFacture du fournisseur Durand : 1 000 € HT, TVA à 20 %.\n• Débit 607 Achats de marchandises : 1 000 €\n• Débit 44566 TVA déductible : 200 €\n• Crédit 401 Fournisseurs : 1 200 €',
  'Une vente de prestation, journal des ventes\nFacture de formation à la société Martin : 2 500 € HT, TVA à 20 %.\n• Débit 411 Clients : 3 000 €\n• Crédit 706 Prestations de services : 2 500 €\n• Crédit 44571 TVA collectée : 500 €',
  'Les règlements, journal de banque\nLe fournisseur Durand est payé par virement : débit 401 Fournisseurs 1 200 €, crédit 512 Banques 1 200 €. La société Martin règle sa facture : débit 512 Banques 3 000 €, crédit 411 Clients 3 000 €. Les comptes 401 et 411 de ces deux tiers sont alors soldés : c’est le lettrage.',
  'Vérifier ses écritures\nChaque écriture est équilibrée, porte une date, un numéro de pièce et un libellé explicite (« Fact. Durand n° 2026-114 »). En fin de mois, le solde du compte 512 est rapproché du relevé bancaire : c’est le rapprochement bancaire.',
  'À retenir\n• Débit = crédit, pour chaque écriture.\n• Achat : charge et TVA déductible au débit, fournisseur au crédit ; vente : client au débit, produit et TVA collectée au crédit.\n• Le règlement solde le compte du tiers par le compte 512.',
);

// --- Anglais professionnel : réunions et e-mails (Claire Martin) ---

export const ENGLISH_EMAILS = lines(
  'Un e-mail professionnel en anglais est plus direct qu’un courriel français : pas de longue formule d’introduction, l’objet du message dès la première phrase, une demande précise, une formule de fin courte. La politesse passe par le conditionnel (could, would) plutôt que par la longueur.',
  'La structure\n• L’objet (subject) : court et informatif, « Training session on 12 March – room change ».\n• La salutation : Dear Ms Smith, si vous ne connaissez pas la personne ; Hi Tom, entre collègues.\n• La raison du message : I am writing to confirm… / I am writing regarding…\n• La demande ou l’information, en une ou deux phrases.\n• La clôture : I look forward to hearing from you. puis Best regards, et votre nom.',
  'Exemple\nSubject: Training session on 12 March – room change\nDear Ms Smith,\nI am writing to let you know that Thursday’s training session will take place in room B2 instead of A1. The start time (9 am) is unchanged.\nCould you please forward this message to the participants from your team?\nBest regards,\nClaire Martin',
  'Les faux amis à éviter\n• actually veut dire « en fait », pas « actuellement » (currently).\n• eventually veut dire « finalement », pas « éventuellement » (possibly).\n• to attend a meeting, c’est « assister à » une réunion ; to assist, c’est « aider ».',
  'À retenir\n• L’objet du message dans la première phrase.\n• Could you… ? et Would you mind… ? pour une demande polie.\n• Dear / Best regards avec un inconnu, Hi / Thanks entre collègues.',
);

export const ENGLISH_PHRASES = lines(
  'Voici les formules que les stagiaires réutilisent le plus. Copiez-les dans un document à garder sous la main : une formule bien placée vaut mieux qu’une phrase traduite mot à mot.',
  'Joindre, relancer, confirmer\n• Please find attached the updated schedule. (Vous trouverez ci-joint le planning à jour.)\n• Just a quick reminder about… (Petit rappel concernant…)\n• I am following up on my e-mail of 3 March. (Je reviens vers vous au sujet de mon courriel du 3 mars.)\n• I can confirm that… (Je vous confirme que…)',
  'Demander, proposer\n• Could you let me know by Friday? (Pourriez-vous me répondre d’ici vendredi ?)\n• Would Tuesday at 10 am suit you? (Mardi à 10 h vous conviendrait-il ?)\n• Please let me know if you have any questions. (N’hésitez pas si vous avez des questions.)',
  'S’excuser, annoncer un contretemps\n• I apologise for the delay in replying. (Je vous prie d’excuser ce retard de réponse.)\n• Unfortunately, I will not be able to attend. (Malheureusement, je ne pourrai pas être présente.)',
  'À retenir\n• Please find attached… pour une pièce jointe.\n• I am following up on… pour relancer sans brusquer.\n• I apologise for… plutôt que sorry dans un courriel formel.',
);

export const ENGLISH_MEETINGS = lines(
  'En réunion, la difficulté n’est pas le vocabulaire technique – vous le connaissez – mais le moment où il faut prendre la parole, demander de répéter ou conclure. Quelques phrases prêtes à l’emploi suffisent à participer avec assurance.',
  'Ouvrir et conduire la réunion\n• Shall we get started? (On commence ?)\n• The aim of today’s meeting is to… (L’objectif de la réunion est de…)\n• Let’s move on to the next item. (Passons au point suivant.)',
  'Prendre la parole et demander des précisions\n• Sorry to interrupt, but… (Pardon de vous interrompre, mais…)\n• I’d like to add something. (J’aimerais ajouter quelque chose.)\n• Could you repeat that, please? (Pourriez-vous répéter ?)\n• Just to clarify, do you mean that…? (Pour être sûre de comprendre, vous voulez dire que… ?)',
  'Conclure\n• To sum up, we have agreed to… (Pour résumer, nous avons décidé de…)\n• So the action points are… (Les actions à mener sont donc…)\n• I will send the minutes by tomorrow. (J’enverrai le compte rendu d’ici demain.)',
  'À retenir\n• Demander de répéter est normal, et bien plus utile que de hocher la tête.\n• Reformuler avec Just to clarify… évite les malentendus.\n• Une réunion se termine par des actions, un responsable et une date.',
);

// --- Drafts ---

export const POWER_BI_IMPORT = lines(
  'Power BI Desktop lit les classeurs Excel, les fichiers CSV, les dossiers entiers de fichiers et la plupart des bases de données. Nous partirons d’un classeur de ventes mensuelles, VentesCentre.xlsx, dont chaque feuille contient un tableau nommé.',
  'Importer le classeur\nAccueil > Obtenir des données > Classeur Excel, puis choisissez le fichier. Le Navigateur liste les feuilles et les tableaux : cochez plutôt les tableaux nommés (tblVentes), qui ne contiennent que les données. Cliquez ensuite sur « Transformer les données » plutôt que sur « Charger ».',
  'Nettoyer dans Power Query\n• Vérifiez le type de chaque colonne (date, nombre décimal, texte) : l’icône en tête de colonne l’indique.\n• Supprimez les colonnes inutiles et les lignes vides.\n• Renommez les colonnes avec des noms clairs, ils deviendront les noms des champs dans les visuels.\nChaque action est enregistrée dans « Étapes appliquées » et sera rejouée à chaque actualisation.',
  'À retenir\n• Obtenir des données, puis Transformer avant de charger.\n• Les étapes Power Query se rejouent à chaque actualisation.\n• Fermer et appliquer charge le résultat dans le modèle.',
);
