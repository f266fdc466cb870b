import { Accordion, AccordionTab } from 'primereact/accordion';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { formatDate } from '../../../lib/format';
import { LAST_UPDATED, PRIVACY, PRIVACY_CONTACT, TERMS, type LegalSection } from './legal-content';

function Sections({ sections, lang }: { sections: LegalSection[]; lang: 'uk' | 'en' }) {
  return (
    <div lang={lang}>
      {sections.map((s) => (
        <section key={s.heading} className="legal__section">
          <h3>{s.heading}</h3>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </div>
  );
}

/** Terms of Use or Privacy Policy: one accordion tab per language, the interface language first. */
function LegalPage({ kind }: { kind: 'terms' | 'privacy' }) {
  const { t, i18n } = useTranslation();
  const content = kind === 'terms' ? TERMS : PRIVACY;
  const order: ('uk' | 'en')[] = i18n.resolvedLanguage === 'en' ? ['en', 'uk'] : ['uk', 'en'];
  return (
    <article className="legal">
      <PageTitle>{t(`legal.${kind}.title`)}</PageTitle>
      <p className="legal__updated">{t('legal.lastUpdated', { date: formatDate(LAST_UPDATED) })}</p>
      <Accordion multiple activeIndex={[0]}>
        {order.map((lang) => (
          <AccordionTab key={lang} header={<span lang={lang}>{t(lang === 'uk' ? 'legal.ukrainianVersion' : 'legal.englishVersion')}</span>}>
            <Sections sections={content[lang]} lang={lang} />
          </AccordionTab>
        ))}
      </Accordion>
      {kind === 'privacy' ? (
        <p className="legal__contact">
          {t('legal.contact')} <a href={`mailto:${PRIVACY_CONTACT}`}>{PRIVACY_CONTACT}</a>
        </p>
      ) : null}
    </article>
  );
}

export function TermsPage() {
  return <LegalPage kind="terms" />;
}

export function PrivacyPage() {
  return <LegalPage kind="privacy" />;
}
