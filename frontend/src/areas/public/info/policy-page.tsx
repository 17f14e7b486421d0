import { usePageTitle } from '../../../lib/hooks';
import { ContentPage } from '../../../layout/content-page';
import { policy } from './policy-content';

/** /policy: the privacy policy (01 §2.3). */
export function PolicyPage() {
  usePageTitle(policy.title);
  return (
    <ContentPage title={policy.title} intro={policy.intro} eyebrow={policy.updated} narrow>
      <nav aria-label={policy.toc} className="policy-toc">
        <ol>
          {policy.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title.replace(/^\d+\.\s*/, '')}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="rich-text">
        {policy.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>{section.title}</h2>
            {section.paragraphs?.map((text) => <p key={text}>{text}</p>)}
            {section.items ? (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
            {section.after?.map((text) => <p key={text}>{text}</p>)}
          </section>
        ))}
      </div>
    </ContentPage>
  );
}
