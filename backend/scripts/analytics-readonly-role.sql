-- Creates (or updates) the analysts' database role: it may connect, read the views of the
-- schema `analytics` (docs/analytics.md), and nothing else. Run it as the owner of the views
-- (the role the application migrates with):
--
--   psql "$DATABASE_URL" -v role=lms_analyst -v password='a long secret' -f backend/scripts/analytics-readonly-role.sql
--
-- or, without psql (embedded database included):
--
--   node backend/dist/cli/analytics-role.js lms_analyst            (prints a generated password)
--
-- Running it again changes the password and re-grants; it never drops anything.
select set_config('lms.analyst_role', :'role', false), set_config('lms.analyst_password', :'password', false);

-- @body: the CLI runs what follows, after setting the two values above itself.
do $$
declare
  analyst text := current_setting('lms.analyst_role');
  secret text := current_setting('lms.analyst_password');
begin
  if analyst !~ '^[a-z_][a-z0-9_]{0,62}$' then
    raise exception 'Nom de rôle invalide : « % » (minuscules, chiffres, _).', analyst;
  end if;
  if length(secret) < 16 then
    raise exception 'Mot de passe trop court : 16 caractères au moins.';
  end if;
  if exists (select 1 from pg_roles where rolname = analyst and (rolsuper or rolcreaterole or rolcreatedb or rolreplication or rolbypassrls)) then
    raise exception 'Le rôle « % » existe déjà avec des privilèges étendus : choisissez un autre nom.', analyst;
  end if;
  if exists (select 1 from pg_roles where rolname = analyst) then
    execute format('alter role %I with login password %L', analyst, secret);
  else
    execute format('create role %I with login password %L nosuperuser nocreatedb nocreaterole noinherit noreplication nobypassrls', analyst, secret);
  end if;
  -- Read-only twice over: no write grant anywhere, and every transaction starts read-only.
  execute format('alter role %I set default_transaction_read_only = on', analyst);
  execute format('alter role %I set statement_timeout = %L', analyst, '120s');
  execute format('alter role %I set search_path = analytics', analyst);
  execute format('grant connect on database %I to %I', current_database(), analyst);
  execute format('grant usage on schema analytics to %I', analyst);
  execute format('grant select on all tables in schema analytics to %I', analyst);
  -- Views added later by the same owner (migrations) are readable too.
  execute format('alter default privileges in schema analytics grant select on tables to %I', analyst);
  perform set_config('lms.analyst_password', '', false);
end
$$;
