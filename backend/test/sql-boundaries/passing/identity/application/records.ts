/** A context reads its own tables. */
export const OWN = `select s.id from identity.student s join identity.account a on a.id = s.account_id`;
