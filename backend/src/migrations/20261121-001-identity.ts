import { Migration } from '@mikro-orm/migrations';

export class Migration20261121001Identity extends Migration {
  override name = '20261121-001-identity';

  override up(): void {
    this.addSql(`create schema if not exists identity`);
    this.addSql(`create table identity.account (
      id serial primary key,
      email varchar(254) not null,
      username varchar(150) not null,
      password_hash text not null,
      role text not null check (role in ('student', 'teacher', 'admin')),
      is_active boolean not null default true,
      session_epoch integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create unique index account_email_unique on identity.account (lower(email))`);
    this.addSql(`create unique index account_username_unique on identity.account (lower(username))`);

    this.addSql(`create table identity.student (
      id serial primary key,
      account_id integer not null unique references identity.account (id) on delete cascade,
      fullname varchar(200) not null,
      interested_categories text not null default '',
      profile_img varchar(255),
      formation_title varchar(255)
    )`);
    this.addSql(`create table identity.teacher (
      id serial primary key,
      account_id integer not null unique references identity.account (id) on delete cascade,
      full_name varchar(200) not null,
      qualification varchar(300) not null default '',
      mobile_no varchar(30) not null default '',
      skills text not null default '',
      detail text not null default '',
      profile_img varchar(255),
      face_url varchar(500) not null default '',
      insta_url varchar(500) not null default '',
      twit_url varchar(500) not null default '',
      web_url varchar(500) not null default '',
      you_url varchar(500) not null default ''
    )`);
    this.addSql(`create table identity.admin (
      id serial primary key,
      account_id integer not null unique references identity.account (id) on delete cascade,
      full_name varchar(200) not null
    )`);

    // Refresh tokens rotate on every use; a reused one revokes its whole family.
    this.addSql(`create table identity.refresh_token (
      jti uuid primary key,
      family_id uuid not null,
      account_id integer not null references identity.account (id) on delete cascade,
      issued_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz,
      revoked_at timestamptz
    )`);
    this.addSql(`create index refresh_token_family on identity.refresh_token (family_id)`);
    this.addSql(`create index refresh_token_account on identity.refresh_token (account_id)`);

    // Deny list of access tokens closed before they expire (logout); checked on every request.
    this.addSql(`create table identity.revoked_access_token (
      jti uuid primary key,
      expires_at timestamptz not null
    )`);

    this.addSql(`create table identity.login_attempt (
      id bigserial primary key,
      account_key text not null,
      address text not null,
      succeeded boolean not null,
      attempted_at timestamptz not null default now()
    )`);
    this.addSql(`create index login_attempt_account on identity.login_attempt (account_key, attempted_at) where not succeeded`);
    this.addSql(`create index login_attempt_address on identity.login_attempt (address, attempted_at) where not succeeded`);
  }
}
