/** A person's photo or initials, for trainers and students alike. */
export { PersonAvatar, initials } from './person-avatar';
