/** French copy of /aboutus and /assistance. */
export const about = {
  title: 'À propos',
  eyebrow: 'Centre de formation LMS',
  intro:
    'Depuis Lyon, nous accompagnons salariés, demandeurs d’emploi et indépendants qui veulent progresser dans leur métier, avec des formations en ligne suivies de près par nos formateurs.',
  sections: [
    {
      title: 'Notre mission',
      text: 'Rendre la formation professionnelle accessible à chacun, à son rythme et depuis chez soi, sans renoncer à l’accompagnement humain. Chaque parcours associe des cours structurés, des exercices et des échanges réguliers avec un formateur.',
    },
    {
      title: 'Nos formations',
      text: 'Bureautique, développement web, gestion de projet, comptabilité, communication, langues : nos cours sont conçus par des professionnels en activité et régulièrement mis à jour. Ils sont découpés en chapitres courts, avec vidéos, textes, quiz et modules interactifs.',
    },
    {
      title: 'Un suivi personnalisé',
      text: 'Votre progression est enregistrée étape par étape. Votre formateur voit où vous en êtes, vous envoie des devoirs et répond à vos questions par la messagerie de la plateforme.',
    },
    {
      title: 'Accessibilité',
      text: 'Nos formations sont ouvertes aux personnes en situation de handicap. Notre référent handicap étudie avec vous les adaptations utiles avant le début de votre parcours : contactez-nous à contact@lms-formation.fr.',
    },
  ],
  values: [
    { title: 'Exigence', text: 'Des contenus précis, évalués et tenus à jour.' },
    { title: 'Proximité', text: 'Un formateur identifié pour chaque stagiaire.' },
    { title: 'Souplesse', text: 'Des cours disponibles à toute heure, sur tous les écrans.' },
  ],
  cta: 'Découvrir nos formations',
};

export const assistance = {
  title: 'Assistance',
  intro:
    'Une difficulté pour vous connecter, suivre un cours ou rendre un devoir ? Notre équipe d’assistance est là pour vous aider.',
  helpdeskTitle: 'Centre d’aide en ligne',
  helpdeskText:
    'Consultez les guides pas à pas ou ouvrez une demande : elle est transmise directement à notre équipe.',
  helpdeskLink: 'Ouvrir le centre d’aide',
  helpdeskUrl: 'https://support.lms-formation.fr',
  newTab: '(s’ouvre dans un nouvel onglet)',
  hoursTitle: 'Horaires',
  hours: 'Du lundi au vendredi, de 9h00 à 18h00',
  online: 'Assistance en ligne 24h/24, 7j/7',
  responseTitle: 'Délai de réponse',
  response: 'Délai de réponse standard : moins de 48 heures',
  contactTitle: 'Nous contacter',
  phone: '04 65 71 20 40',
  phoneHref: 'tel:+33465712040',
  email: 'support@lms-formation.fr',
  faqHint: 'Beaucoup de réponses se trouvent déjà dans notre',
  faqLink: 'FAQ',
};
