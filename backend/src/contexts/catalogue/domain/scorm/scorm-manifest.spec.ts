import { isRequiredPart, readScormManifest } from './scorm-manifest.js';
import { InvalidScormPackageError } from './scorm.errors.js';

const NS_12 = `xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"`;
const NS_2004 = `xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:adlseq="http://www.imsglobal.org/xsd/imsss"`;

/** A one-SCO manifest as authoring tools write them. */
function singleSco(opts: { ns: string; schemaversion: string; href: string; title?: string; scormType?: string; extraFiles?: string[] }): string {
  const files = [opts.href, ...(opts.extraFiles ?? [])].map((f) => `<file href="${f}"/>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="pkg" version="1" ${opts.ns}>
  <metadata><schema>ADL SCORM</schema><schemaversion>${opts.schemaversion}</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>${opts.title ?? 'Cours'}</title>
      <item identifier="item_1" identifierref="res_1"><title>Module</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res_1" type="webcontent" ${opts.scormType ?? 'adlcp:scormtype'}="sco" href="${opts.href}">${files}</resource>
  </resources>
</manifest>`;
}

function refusal(xml: string | Buffer): InvalidScormPackageError {
  try {
    readScormManifest(xml);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidScormPackageError);
    return error as InvalidScormPackageError;
  }
  throw new Error('manifest accepted');
}

describe('readScormManifest: what real exports launch', () => {
  it('Storyline / Adapt (1.2): index_lms.html, although the package also lists an index.html', () => {
    const manifest = readScormManifest(singleSco({ ns: NS_12, schemaversion: '1.2', href: 'index_lms.html', title: 'Sécurité', extraFiles: ['index.html', 'story.html'] }));
    expect(manifest).toEqual({
      version: '1.2',
      title: 'Sécurité',
      launch: 'index_lms.html',
      items: [{ identifier: 'item_1', title: 'Module', launch: 'index_lms.html', visible: true }],
    });
  });

  it('Rise (2004 3rd Edition): scormdriver/indexAPI.html, adlcp:scormType', () => {
    const manifest = readScormManifest(singleSco({ ns: NS_2004, schemaversion: '2004 3rd Edition', href: 'scormdriver/indexAPI.html', scormType: 'adlcp:scormType' }));
    expect(manifest.version).toBe('2004');
    expect(manifest.launch).toBe('scormdriver/indexAPI.html');
  });

  it('iSpring (2004 4th Edition): res/index.html', () => {
    const manifest = readScormManifest(singleSco({ ns: NS_2004, schemaversion: '2004 4th Edition', href: 'res/index.html', scormType: 'adlcp:scormType', extraFiles: ['index.html'] }));
    expect([manifest.version, manifest.launch]).toEqual(['2004', 'res/index.html']);
  });

  it('Captivate (CAM 1.3): index_scorm.html', () => {
    const manifest = readScormManifest(singleSco({ ns: NS_2004, schemaversion: 'CAM 1.3', href: 'index_scorm.html', scormType: 'adlcp:scormType' }));
    expect([manifest.version, manifest.launch]).toEqual(['2004', 'index_scorm.html']);
  });

  it('tells the version from the namespaces when schemaversion is missing', () => {
    const strip = (xml: string) => xml.replace(/<schemaversion>[^<]*<\/schemaversion>/, '');
    expect(readScormManifest(strip(singleSco({ ns: NS_12, schemaversion: '', href: 'a.html' }))).version).toBe('1.2');
    expect(readScormManifest(strip(singleSco({ ns: NS_2004, schemaversion: '', href: 'a.html' }))).version).toBe('2004');
    expect(readScormManifest(strip(singleSco({ ns: '', schemaversion: '', href: 'a.html', scormType: 'scormType' }))).version).toBe('2004');
  });
});

describe('readScormManifest: organizations and items', () => {
  const multiSco = `<?xml version="1.0" standalone="no" ?>
<!-- several SCOs, nested items, as in the golf examples -->
<manifest identifier="multi" ${NS_12}>
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org_b">
    <organization identifier="org_a"><title>Autre organisation</title>
      <item identifier="a1" identifierref="r_quiz"><title>Ignoré</title></item>
    </organization>
    <organization identifier="org_b">
      <title>  Golf
        expliqué  </title>
      <item identifier="chapter_1">
        <title>Jouer</title>
        <item identifier="play" identifierref="r_play"><title>Comment jouer</title></item>
        <item identifier="quiz_play" identifierref="r_quiz" parameters="?questions=Playing"><title>Quiz</title></item>
        <item identifier="deeper">
          <title>Plus loin</title>
          <item identifier="rules" identifierref="r_rules"><title>Règles</title></item>
        </item>
      </item>
      <item identifier="hidden" identifierref="r_play" isvisible="false"><title>Caché</title></item>
      <item identifier="dangling" identifierref="does_not_exist"><title>Sans ressource</title></item>
      <item identifier="quiz_fun" identifierref="r_quiz" parameters="questions=HavingFun"><title>Quiz 2</title></item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="r_play" type="webcontent" adlcp:scormtype="sco" href="Playing/Playing.html"/>
    <resource identifier="r_quiz" type="webcontent" adlcp:scormtype="sco" href="shared/assessmenttemplate.html"/>
    <resource identifier="r_rules" type="webcontent" adlcp:scormtype="asset" href="Playing/RulesOfGolf.html"/>
    <resource identifier="r_common" type="webcontent" adlcp:scormtype="asset"><file href="shared/style.css"/></resource>
  </resources>
</manifest>`;

  it('takes the default organization, flattens nested items in document order, keeps hidden ones flagged', () => {
    const manifest = readScormManifest(multiSco);
    expect(manifest.title).toBe('Golf expliqué');
    expect(manifest.launch).toBe('Playing/Playing.html');
    expect(manifest.items).toEqual([
      { identifier: 'play', title: 'Comment jouer', launch: 'Playing/Playing.html', visible: true },
      { identifier: 'quiz_play', title: 'Quiz', launch: 'shared/assessmenttemplate.html?questions=Playing', visible: true },
      { identifier: 'rules', title: 'Règles', launch: 'Playing/RulesOfGolf.html', visible: true, asset: true },
      { identifier: 'hidden', title: 'Caché', launch: 'Playing/Playing.html', visible: false },
      { identifier: 'quiz_fun', title: 'Quiz 2', launch: 'shared/assessmenttemplate.html?questions=HavingFun', visible: true },
    ]);
  });

  it('takes the first organization when `default` names none of them', () => {
    const manifest = readScormManifest(multiSco.replace('default="org_b"', 'default="mm-org_b"'));
    expect(manifest.title).toBe('Autre organisation');
    expect(manifest.launch).toBe('shared/assessmenttemplate.html');
  });

  const noOrganization = (organizations: string) => `<?xml version="1.0"?>
<manifest identifier="com.example.missingorg" ${NS_12}>
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  ${organizations}
  <resources>
    <resource identifier="r_css" type="webcontent" adlcp:scormtype="asset"><file href="shared/style.css"/></resource>
    <resource identifier="r_page" type="webcontent" adlcp:scormtype="asset" href="shared/page.html"/>
    <resource identifier="r_sco" type="webcontent" adlcp:scormtype="sco" href="sso/launchpage.html"/>
  </resources>
</manifest>`;

  it.each([
    ['no <organizations> at all', ''],
    ['an empty <organizations/>', '<organizations/>'],
    ['an organization without items', '<organizations default="o"><organization identifier="o"><title>Vide</title></organization></organizations>'],
  ])('falls back to the first SCO resource with %s', (_case, organizations) => {
    const manifest = readScormManifest(noOrganization(organizations));
    expect(manifest.launch).toBe('sso/launchpage.html');
    expect(manifest.items).toEqual([{ identifier: 'r_sco', title: expect.any(String), launch: 'sso/launchpage.html', visible: true }]);
    expect(manifest.title).not.toBe('');
  });

  it('falls back to the first resource with an href when no resource is a SCO', () => {
    const manifest = readScormManifest(noOrganization('').replace('adlcp:scormtype="sco"', 'adlcp:scormtype="asset"'));
    expect(manifest.launch).toBe('shared/page.html');
  });

  it('takes the title from the metadata when there is no organization', () => {
    const xml = noOrganization('').replace(
      '<schemaversion>1.2</schemaversion>',
      '<schemaversion>1.2</schemaversion><lom><general><title><langstring xml:lang="fr">Titre des métadonnées</langstring></title></general></lom>',
    );
    expect(readScormManifest(xml).title).toBe('Titre des métadonnées');
  });
});

describe('readScormManifest: building the launch path', () => {
  const withResource = (resource: string, resourcesAttrs = '', item = '<item identifier="i" identifierref="r">') => `<manifest ${NS_2004}>
  <organizations default="o"><organization identifier="o"><title>T</title>${item}<title>I</title></item></organization></organizations>
  <resources ${resourcesAttrs}>${resource}</resources>
</manifest>`;

  it('combines xml:base of <manifest>, <resources> and <resource> with the href', () => {
    const xml = withResource('<resource identifier="r" adlcp:scormType="sco" xml:base="module 1" href="./pages/début.html"/>', 'xml:base="content/"').replace(
      '<manifest ',
      '<manifest xml:base="./" ',
    );
    expect(readScormManifest(xml).launch).toBe('content/module 1/pages/début.html');
  });

  it('resolves ./ and inner .. segments, backslashes and percent-escapes, keeps spaces', () => {
    expect(readScormManifest(withResource('<resource identifier="r" href=".\\res\\..\\story%20html5.html"/>')).launch).toBe('story html5.html');
    expect(readScormManifest(withResource('<resource identifier="r" href="res/Page 1.html?lang=fr"/>')).launch).toBe('res/Page 1.html?lang=fr');
  });

  it.each([
    ['a.html', '?x=1', 'a.html?x=1'],
    ['a.html', 'x=1', 'a.html?x=1'],
    ['a.html', '&x=1', 'a.html?x=1'],
    ['a.html?y=2', 'x=1', 'a.html?y=2&x=1'],
    ['a.html?y=2', '?x=1', 'a.html?y=2&x=1'],
    ['a.html', '#page2', 'a.html#page2'],
    ['a.html#top', '#page2', 'a.html#top'],
    ['a.html#top', 'x=1', 'a.html?x=1#top'],
    ['a.html', '  ', 'a.html'],
  ])('joins href %s and parameters %s as %s', (href, parameters, expected) => {
    const xml = withResource(`<resource identifier="r" href="${href}"/>`, '', `<item identifier="i" identifierref="r" parameters="${parameters}">`);
    expect(readScormManifest(xml).launch).toBe(expected);
  });

  it('reads a bare & in parameters as the author meant it', () => {
    const xml = withResource('<resource identifier="r" href="a.html"/>', '', '<item identifier="i" identifierref="r" parameters="?a=1&b=2">');
    expect(readScormManifest(xml).launch).toBe('a.html?a=1&b=2');
  });

  it.each([
    ['../outside.html', 'sort du paquet'],
    ['a/../../outside.html', 'sort du paquet'],
    ['/etc/passwd', 'chemin absolu'],
    ['https://example.com/course.html', 'adresse extérieure'],
    ['javascript:alert(1)', 'adresse extérieure'],
  ])('refuses the launch %s', (href, words) => {
    expect(refusal(withResource(`<resource identifier="r" href="${href}"/>`)).message).toContain(words);
  });

  it('refuses an xml:base that leaves the package', () => {
    expect(refusal(withResource('<resource identifier="r" href="a.html"/>', 'xml:base="../../"')).message).toContain('sort du paquet');
  });
});

describe('readScormManifest: tolerance', () => {
  it('reads a manifest that is not namespace-well-formed: undeclared and mixed prefixes, upper-case attributes', () => {
    const xml = `<imscp:manifest identifier="x">
  <imscp:metadata><imscp:schemaversion>1.2</imscp:schemaversion></imscp:metadata>
  <organizations default="o">
    <imscp:organization identifier="o"><title>Préfixes</title>
      <item identifier="i1" identifierref="r1"><title>Un</title></item>
      <ims:item identifier="i2" identifierref="r2"><ims:title>Deux</ims:title></ims:item>
    </imscp:organization>
  </organizations>
  <foo:resources>
    <foo:resource identifier="r1" adlcp:SCORMTYPE="sco" HREF="un.html"/>
    <resource identifier="r2" ADLCP:scormType="sco" href="deux.html"/>
  </foo:resources>
</imscp:manifest>`;
    const manifest = readScormManifest(xml);
    expect(manifest.version).toBe('1.2');
    expect(manifest.items.map((i) => [i.title, i.launch])).toEqual([
      ['Un', 'un.html'],
      ['Deux', 'deux.html'],
    ]);
  });

  it('reads a Buffer with a UTF-8 BOM, and a Latin-1 manifest that says so', () => {
    const xml = singleSco({ ns: NS_12, schemaversion: '1.2', href: 'index_lms.html', title: 'Sécurité' });
    expect(readScormManifest(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml)])).title).toBe('Sécurité');
    expect(readScormManifest(`\uFEFF${xml}`).title).toBe('Sécurité');
    const latin1 = Buffer.from(xml.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'latin1');
    expect(readScormManifest(latin1).title).toBe('Sécurité');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml.replace('encoding="UTF-8"', 'encoding="UTF-16"'), 'utf16le')]);
    expect(readScormManifest(utf16).title).toBe('Sécurité');
  });

  it('drops control and bidirectional-override characters from titles', () => {
    const xml = singleSco({ ns: NS_12, schemaversion: '1.2', href: 'a.html', title: 'A\u202Eb\u0007c' });
    expect(readScormManifest(xml).title).toBe('A b c');
  });
});

describe('readScormManifest: refusals', () => {
  it.each([
    ['an empty file', ''],
    ['only the XML declaration', '<?xml version="1.0" encoding="UTF-8"?>\n'],
    ['text that is not XML', 'ceci n’est pas du XML'],
    ['unbalanced tags', `<manifest ${NS_12}><organizations></manifest>`],
    ['another root element', '<html><body>Bonjour</body></html>'],
  ])('refuses %s with a French message', (_case, xml) => {
    const error = refusal(xml);
    expect(error.message).toMatch(/^Le paquet SCORM est invalide : .*imsmanifest\.xml/);
    expect(error.field).toBe('scorm_file');
    expect(error.kind).toBe('invalid');
  });

  it('refuses a manifest with no launchable resource', () => {
    const xml = `<manifest ${NS_12}><organizations/><resources><resource identifier="r" type="webcontent"><file href="a.css"/></resource></resources></manifest>`;
    expect(refusal(xml).message).toBe(
      'Le paquet SCORM est invalide : imsmanifest.xml ne décrit aucune ressource à lancer (ni organisation, ni ressource avec un attribut href).',
    );
  });
});

describe('readScormManifest: what the run-time of each item is given', () => {
  it('reads 1.2 masteryscore and datafromlms, flags assets (scormtype) and hidden items, which are not required parts', () => {
    const manifest = readScormManifest(`<manifest identifier="m" ${NS_12}>
  <organizations default="o"><organization identifier="o"><title>T</title>
    <item identifier="a" identifierref="r_a"><title>A</title><adlcp:masteryscore>80</adlcp:masteryscore><adlcp:datafromlms>niveau=2</adlcp:datafromlms></item>
    <item identifier="b" identifierref="r_b"><title>B</title><adlcp:masteryscore>150</adlcp:masteryscore></item>
    <item identifier="c" identifierref="r_a" isvisible="false"><title>C</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="r_a" type="webcontent" adlcp:scormtype="sco" href="a.html"/>
    <resource identifier="r_b" type="webcontent" adlcp:scormtype="asset" href="b.html"/>
  </resources>
</manifest>`);
    expect(manifest.items).toEqual([
      { identifier: 'a', title: 'A', launch: 'a.html', visible: true, masteryScore: 80, dataFromLms: 'niveau=2' },
      { identifier: 'b', title: 'B', launch: 'b.html', visible: true, asset: true },
      { identifier: 'c', title: 'C', launch: 'a.html', visible: false },
    ]);
    expect(manifest.items.map(isRequiredPart)).toEqual([true, false, false]);
  });

  it('reads 2004 scormType asset, completionThreshold (3rd and 4th editions) and the primary objective\'s minNormalizedMeasure by measure', () => {
    const manifest = readScormManifest(`<manifest identifier="m" ${NS_2004} xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <organizations default="o"><organization identifier="o"><title>T</title>
    <item identifier="fourth" identifierref="r"><title>4</title><adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.75"/>
      <imsss:sequencing><imsss:objectives><imsss:primaryObjective objectiveID="p" satisfiedByMeasure="true"><imsss:minNormalizedMeasure>0.6</imsss:minNormalizedMeasure></imsss:primaryObjective></imsss:objectives></imsss:sequencing></item>
    <item identifier="third" identifierref="r"><title>3</title><adlcp:completionThreshold>0.5</adlcp:completionThreshold>
      <imsss:sequencing><imsss:objectives><imsss:primaryObjective objectiveID="p"><imsss:minNormalizedMeasure>0.6</imsss:minNormalizedMeasure></imsss:primaryObjective></imsss:objectives></imsss:sequencing></item>
    <item identifier="not-by-measure" identifierref="r"><title>N</title><adlcp:completionThreshold completedByMeasure="false" minProgressMeasure="0.75"/></item>
    <item identifier="doc" identifierref="asset"><title>D</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="r" type="webcontent" adlcp:scormType="sco" href="s.html"/>
    <resource identifier="asset" type="webcontent" adlcp:scormType="asset" href="doc.pdf"/>
  </resources>
</manifest>`);
    expect(manifest.items).toEqual([
      { identifier: 'fourth', title: '4', launch: 's.html', visible: true, completionThreshold: 0.75, scaledPassingScore: 0.6 },
      { identifier: 'third', title: '3', launch: 's.html', visible: true, completionThreshold: 0.5 },
      { identifier: 'not-by-measure', title: 'N', launch: 's.html', visible: true },
      { identifier: 'doc', title: 'D', launch: 'doc.pdf', visible: true, asset: true },
    ]);
  });
});
