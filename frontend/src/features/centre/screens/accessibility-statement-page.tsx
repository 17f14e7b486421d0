import { Spin } from 'antd';
import { ContentPage } from '../../../layout/content-page';
import { statusLabel, type AccessibilityStatus } from '../../../lib/centre-face';
import { formatPercent } from '../../../lib/format';
import { usePageTitle } from '../../../lib/hooks';
import { StatusMessage } from '../../../components/status';
import { statementMessages as m } from '../accessibility-messages';
import { useGetAccessibilityStatementQuery } from '../centre-api';
import '../centre.css';

const DEFENSEUR_FORM = 'https://formulaire.defenseurdesdroits.fr/';
const DEFENSEUR_DELEGATES = 'https://www.defenseurdesdroits.fr/carte-des-delegues';

/** A calendar date (AAAA-MM-JJ) or an instant, as « 12 mars 2026 ». */
const longDate = (value: string) =>
  new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: value.length === 10 ? 'UTC' : 'Europe/Paris' }).format(
    new Date(value.length === 10 ? `${value}T00:00:00Z` : value),
  );

/** Lines typed by the admin, as a list (one per line); nothing: « Aucun. ». */
function Lines({ text, empty = m.none }: { text: string | null | undefined; empty?: string }) {
  const lines = (text ?? '').split('\n').map((line) => line.trim()).filter(Boolean);
  if (lines.length === 0) return <p>{empty}</p>;
  if (lines.length === 1) return <p>{lines[0]}</p>;
  return (
    <ul>
      {lines.map((line, index) => (
        <li key={`${index}-${line}`}>{line}</li>
      ))}
    </ul>
  );
}

/** An address the admin gave: a page of the site or a web address (opened apart). */
function Outbound({ href, children }: { href: string; children: string }) {
  return href.startsWith('/') ? (
    <a href={href}>{children}</a>
  ) : (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="centre-visually-hidden">{m.newWindow}</span>
    </a>
  );
}

/** /accessibilite: the centre's accessibility statement, public, RGAA model (docs/adr/0049). */
export function AccessibilityStatementPage() {
  usePageTitle(m.title);
  const { data, isLoading, error } = useGetAccessibilityStatementQuery();
  if (isLoading) return <Spin />;
  if (error || !data) return <StatusMessage kind="failure" title={m.loadFailed} />;

  const status = data.statut as AccessibilityStatus;
  const centre = data.centre ?? m.defaultCentre;
  const audited = data.audit_date !== null && data.criteres_applicables !== null && data.criteres_conformes !== null;
  return (
    <ContentPage title={m.title} narrow>
      <div className="rich-text accessibility-statement" data-testid="accessibility-statement">
        <p>{m.commitment(centre)}</p>
        <p>{m.scope(centre, window.location.origin)}</p>

        <section aria-labelledby="conformite">
          <h2 id="conformite">{m.conformity}</h2>
          <p>
            <strong className={`accessibility-status accessibility-status--${status}`} data-testid="accessibility-status">
              {m.statusBadge(statusLabel(status))}
            </strong>
          </p>
          <p>
            {m.conformityText[status]} {data.rgaa_version}
            {m.conformityEnd[status](audited)}
          </p>
          <h3>{m.results}</h3>
          {audited ? (
            <>
              <p>{m.resultsText(data.auditeur ?? null, longDate(data.audit_date!), formatPercent(data.taux ?? 0), data.rgaa_version)}</p>
              <p>{m.criteria(data.criteres_applicables!, data.criteres_conformes!)}</p>
            </>
          ) : (
            <p>{m.noAudit}</p>
          )}
        </section>

        <section aria-labelledby="non-accessibles">
          <h2 id="non-accessibles">{m.notAccessible}</h2>
          <h3>{m.nonConformities}</h3>
          <Lines text={data.non_conformites} />
          <h3>{m.derogations}</h3>
          <Lines text={data.derogations} />
          <h3>{m.exempt}</h3>
          <Lines text={data.hors_champ} />
        </section>

        <section aria-labelledby="etablissement">
          <h2 id="etablissement">{m.establishment}</h2>
          <p>{data.mis_a_jour_le ? m.established(longDate(data.mis_a_jour_le)) : m.notEstablished}</p>
          <h3>{m.technologies}</h3>
          <Lines text={data.technologies} empty={m.notGiven} />
          <h3>{m.environment}</h3>
          <Lines text={data.environnement_test} empty={m.notGiven} />
          <h3>{m.tools}</h3>
          <Lines text={data.outils_evaluation} empty={m.notGiven} />
          <h3>{m.pages}</h3>
          <Lines text={data.pages_verifiees} empty={m.notGiven} />
        </section>

        <section aria-labelledby="plans">
          <h2 id="plans">{m.plans}</h2>
          <ul>
            <li>{data.schema_pluriannuel_url ? <Outbound href={data.schema_pluriannuel_url}>{m.schema}</Outbound> : `${m.schema} : ${m.notGiven}`}</li>
            <li>{data.plan_action_url ? <Outbound href={data.plan_action_url}>{m.actionPlan}</Outbound> : `${m.actionPlan} : ${m.notGiven}`}</li>
          </ul>
        </section>

        <section aria-labelledby="contact">
          <h2 id="contact">{m.feedback}</h2>
          <p>{m.feedbackText}</p>
          <ul>
            {data.contact_email ? (
              <li>
                {m.byEmail}
                <a href={`mailto:${data.contact_email}`}>{data.contact_email}</a>
              </li>
            ) : null}
            <li>
              <Outbound href={data.contact_formulaire ?? '/assistance'}>{m.byForm}</Outbound>
            </li>
          </ul>
        </section>

        <section aria-labelledby="recours">
          <h2 id="recours">{m.appeal}</h2>
          <p>{m.appealText}</p>
          <p>{m.appealYouCan}</p>
          <ul>
            <li>
              <Outbound href={DEFENSEUR_FORM}>{m.appealWrite}</Outbound>
            </li>
            <li>
              <Outbound href={DEFENSEUR_DELEGATES}>{m.appealDelegate}</Outbound>
            </li>
            <li>{m.appealPost}</li>
          </ul>
        </section>
      </div>
    </ContentPage>
  );
}
