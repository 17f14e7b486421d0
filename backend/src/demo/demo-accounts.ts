/** The demo accounts, also listed in the README. Passwords follow the 12-character rule. */
export const DEMO_ACCOUNTS = {
  admin: { fullName: 'Sophie Laurent', email: 'admin@demo.lms-formation.fr', username: 'admin', password: 'AdminDemo2026!' },
  teachers: [
    {
      email: 'claire.martin@demo.lms-formation.fr',
      username: 'claire.martin',
      password: 'Formatrice2026!',
      details: {
        fullName: 'Claire Martin',
        qualification: 'Master en ingénierie pédagogique, certifiée Qualiopi',
        mobileNo: '06 12 34 56 78',
        skills: 'Bureautique, Excel, Gestion de projet',
        detail: 'Formatrice depuis douze ans, Claire accompagne les adultes en reconversion vers les métiers du tertiaire.',
        faceUrl: '',
        instaUrl: '',
        twitUrl: '',
        webUrl: 'https://www.example.fr/claire-martin',
        youUrl: '',
      },
    },
    {
      email: 'julien.bernard@demo.lms-formation.fr',
      username: 'julien.bernard',
      password: 'Formateur2026!',
      details: {
        fullName: 'Julien Bernard',
        qualification: 'Ingénieur informatique, 15 ans de développement web',
        mobileNo: '06 98 76 54 32',
        skills: 'Développement web, JavaScript, Sécurité informatique',
        detail: 'Julien forme les futurs développeurs web et les équipes qui doivent sécuriser leurs applications.',
        faceUrl: '',
        instaUrl: '',
        twitUrl: '',
        webUrl: '',
        youUrl: '',
      },
    },
  ],
  /** Registered through the public page and waiting for the centre's decision (docs/adr/0030): the trainers page's request. */
  pendingTeacher: {
    email: 'sofiane.amrani@demo.lms-formation.fr',
    username: 'sofiane.amrani',
    password: 'Formateur2026!',
    details: {
      fullName: 'Sofiane Amrani',
      qualification: 'Licence LEA, certifié TOEIC 980',
      mobileNo: '06 45 67 89 12',
      skills: 'Anglais professionnel, Communication',
      detail: 'Sofiane prépare les salariés aux échanges en anglais avec leurs clients et fournisseurs.',
      faceUrl: '',
      instaUrl: '',
      twitUrl: '',
      webUrl: '',
      youUrl: '',
    },
  },
  students: [
    { fullname: 'Léa Dubois', email: 'lea.dubois@demo.lms-formation.fr', username: 'lea.dubois', password: 'Etudiante2026!', interests: 'Bureautique, Gestion de projet', suspended: false },
    { fullname: 'Hugo Lefèvre', email: 'hugo.lefevre@demo.lms-formation.fr', username: 'hugo.lefevre', password: 'Etudiant2026!!', interests: 'Développement web', suspended: false },
    { fullname: 'Inès Moreau', email: 'ines.moreau@demo.lms-formation.fr', username: 'ines.moreau', password: 'Etudiante2026!', interests: 'Comptabilité, Excel', suspended: false },
    { fullname: 'Thomas Petit', email: 'thomas.petit@demo.lms-formation.fr', username: 'thomas.petit', password: 'Etudiant2026!!', interests: 'Sécurité informatique', suspended: true },
  ],
} as const;
