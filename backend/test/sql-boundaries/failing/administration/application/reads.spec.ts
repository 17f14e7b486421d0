// Specs arrange their world as they must: not scanned.
export const ARRANGE = `insert into identity.account (email) values ('a@b.fr')`;
