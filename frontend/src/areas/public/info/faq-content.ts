/** Questions and answers of /faq: what a learner of the centre asks (01 §2.3 leaves it to us). */
export interface FaqGroup {
  title: string;
  questions: { q: string; a: string[] }[];
}

export const faq = {
  title: 'Aide et FAQ',
  intro:
    'Les réponses aux questions que nos stagiaires nous posent le plus souvent. Vous ne trouvez pas la vôtre ? Notre équipe d’assistance vous répond.',
  groups: [
    {
      title: 'Inscription et accès',
      questions: [
        {
          q: 'Comment m’inscrire à un cours ?',
          a: [
            'Connectez-vous avec votre compte étudiant, ouvrez la fiche du cours depuis le catalogue puis cliquez sur « S’inscrire à ce cours ». Le cours apparaît aussitôt dans « Mes cours ».',
            'Si votre formation a été organisée par le centre (financement CPF, OPCO ou employeur), vos cours sont déjà associés à votre compte.',
          ],
        },
        {
          q: 'Je n’ai pas reçu mes identifiants, que faire ?',
          a: [
            'Vérifiez vos courriers indésirables : l’email de bienvenue vient de l’adresse du centre. S’il reste introuvable, contactez l’assistance, qui vous renverra vos accès.',
          ],
        },
        {
          q: 'Combien de temps ai-je accès à mes cours ?',
          a: [
            'Vos cours restent accessibles 24 h/24 et 7 j/7 pendant toute la durée de votre formation, entre vos dates d’entrée et de sortie indiquées dans votre dossier.',
          ],
        },
        {
          q: 'Puis-je suivre les cours sur mon téléphone ou ma tablette ?',
          a: [
            'Oui. La plateforme s’adapte à tous les écrans. Pour les modules interactifs et les quiz, un ordinateur reste plus confortable. Utilisez une version récente de Chrome, Firefox, Edge ou Safari.',
          ],
        },
      ],
    },
    {
      title: 'Financement',
      questions: [
        {
          q: 'Puis-je financer ma formation avec mon CPF ?',
          a: [
            'Oui, pour les formations éligibles au Compte personnel de formation (formations certifiantes inscrites au RNCP ou au Répertoire spécifique). L’inscription se fait sur moncompteformation.gouv.fr ; une participation forfaitaire peut rester à votre charge, sauf exonération (par exemple pour les demandeurs d’emploi ou en cas d’abondement de l’employeur).',
          ],
        },
        {
          q: 'Quels autres financements existent ?',
          a: [
            'Selon votre situation : le plan de développement des compétences de votre employeur (via son OPCO), une aide de France Travail si vous êtes demandeur d’emploi, ou un financement personnel en plusieurs fois. Notre équipe vous aide à monter le dossier.',
          ],
        },
      ],
    },
    {
      title: 'Suivi et progression',
      questions: [
        {
          q: 'Comment ma progression est-elle calculée ?',
          a: [
            'Chaque chapitre et sous-chapitre validé compte. Une vidéo est validée lorsque vous en avez regardé {videoShare}, un quiz lorsque vous avez répondu à toutes les questions, un module interactif lorsqu’il est terminé. Le pourcentage affiché dans votre tableau de bord correspond aux étapes validées sur l’ensemble du cours.',
          ],
        },
        {
          q: 'Pourquoi un chapitre est-il bloqué ?',
          a: [
            'Les cours se suivent dans l’ordre : un chapitre s’ouvre lorsque les étapes précédentes sont validées. Terminez l’étape en cours, puis passez à la suivante.',
          ],
        },
        {
          q: 'Puis-je reprendre là où je me suis arrêté ?',
          a: [
            'Oui. Le bouton « Débuter / Reprendre le cours » vous ramène à la première étape non validée. Votre temps de formation est enregistré automatiquement.',
          ],
        },
        {
          q: 'Comment contacter mon formateur ?',
          a: [
            'Depuis « Mes formateurs » dans votre espace étudiant, ouvrez la messagerie du formateur concerné. Il vous répond directement dans la plateforme.',
          ],
        },
      ],
    },
    {
      title: 'Attestation et fin de formation',
      questions: [
        {
          q: 'Vais-je recevoir une attestation ?',
          a: [
            'Oui. À la fin de votre parcours, le centre vous remet une attestation de fin de formation qui précise les objectifs, la durée suivie et les résultats de l’évaluation. Pour un financement CPF, le certificat de réalisation est transmis à la Caisse des Dépôts.',
          ],
        },
        {
          q: 'Que se passe-t-il si je n’ai pas terminé à la date de fin ?',
          a: [
            'Prévenez votre formateur ou l’assistance avant la date de sortie : selon votre financement, une prolongation de l’accès peut être étudiée.',
          ],
        },
      ],
    },
    {
      title: 'Compte et données',
      questions: [
        {
          q: 'Comment changer mon mot de passe ou mes informations ?',
          a: [
            'Dans votre espace étudiant, « Profil » permet de modifier vos informations et « Mot de passe » de choisir un nouveau mot de passe d’au moins 12 caractères.',
          ],
        },
        {
          q: 'Que faites-vous de mes données ?',
          a: [
            'Elles servent uniquement à votre formation et à ses obligations légales. Tout est expliqué dans notre politique de confidentialité, y compris la façon d’exercer vos droits.',
          ],
        },
      ],
    },
  ] satisfies FaqGroup[],
  moreTitle: 'Une autre question ?',
  moreText: 'Notre équipe d’assistance vous répond en moins de 48 heures.',
  moreLink: 'Contacter l’assistance',
  /** While the server's rule loads (or if it cannot be read): no figure rather than a copy of it. */
  videoShareUnknown: 'la quasi-totalité',
};
