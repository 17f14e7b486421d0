// The testing entry arranges worlds: not scanned.
export const SEED = `insert into identity.student (fullname) values ('x')`;
