import yazl from 'yazl';

/** An item of a test package: its identifier and title (every item launches the same `index.html`). */
export interface SharedLaunchItem {
  identifier: string;
  title: string;
}

/**
 * The SCO every item launches: it finds the run-time API as a real package does (its own window,
 * then its parents, then its opener), initialises, counts its own launches in suspend_data, sets
 * its location, and commits; its buttons end it (completed, suspended for the next launch) and, in
 * 2004, ask for a navigation request first. What it read and did is shown in #etat, so a journey
 * can see which launch of which data it is.
 */
function scoPage(version: '1.2' | '2004'): string {
  const names =
    version === '1.2'
      ? { api: 'API', init: 'LMSInitialize', get: 'LMSGetValue', set: 'LMSSetValue', commit: 'LMSCommit', finish: 'LMSFinish', entry: 'cmi.core.entry', location: 'cmi.core.lesson_location', status: 'cmi.core.lesson_status', exit: 'cmi.core.exit' }
      : { api: 'API_1484_11', init: 'Initialize', get: 'GetValue', set: 'SetValue', commit: 'Commit', finish: 'Terminate', entry: 'cmi.entry', location: 'cmi.location', status: 'cmi.completion_status', exit: 'cmi.exit' };
  const navigation =
    version === '2004'
      ? `<button type="button" data-nav="continue">Continuer</button>
    <button type="button" data-nav="previous">Précédent</button>
    <button type="button" data-nav="suspendAll">Suspendre</button>
    <button type="button" data-nav="exitAll">Tout quitter</button>`
      : '';
  return `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>Leçon</title></head>
<body>
  <main>
    <h1>Leçon</h1>
    <p id="etat">Démarrage…</p>
    <button type="button" id="terminer">Terminer</button>
    ${navigation}
  </main>
  <script>
    var N = ${JSON.stringify(names)};
    function find(win) {
      for (var depth = 0; win && depth < 10; depth += 1) {
        try { if (win[N.api]) return win[N.api]; } catch (e) {}
        if (win.parent === win) break;
        win = win.parent;
      }
      return null;
    }
    var api = find(window) || (window.opener ? find(window.opener) : null);
    var etat = document.getElementById('etat');
    var done = false;
    if (!api) etat.textContent = 'Pas d’API SCORM';
    else {
      api[N.init]('');
      var entry = api[N.get](N.entry);
      var launches = Number(api[N.get]('cmi.suspend_data') || '0') + 1;
      api[N.set]('cmi.suspend_data', String(launches));
      api[N.set](N.location, 'lancement-' + launches);
      if (api[N.get](N.status) !== 'completed') api[N.set](N.status, 'incomplete');
      api[N.commit]('');
      etat.textContent = 'Lancement n° ' + launches + ' (' + (entry || 'sans entrée') + ')';
    }
    function end(request) {
      if (done || !api) return;
      done = true;
      api[N.set](N.status, 'completed');
      api[N.set](N.exit, 'suspend');
      if (request) api[N.set]('adl.nav.request', request);
      api[N.commit]('');
      api[N.finish]('');
      etat.textContent = 'Leçon terminée';
    }
    document.getElementById('terminer').addEventListener('click', function () { end(null); });
    Array.prototype.forEach.call(document.querySelectorAll('[data-nav]'), function (button) {
      button.addEventListener('click', function () { end(button.getAttribute('data-nav')); });
    });
  </script>
</body>
</html>
`;
}

/**
 * A package of several SCOs that all launch `index.html`, as the golf RuntimeMinimumCalls example
 * and single-page exports are: the first half of the items share one resource, the others each
 * have a resource of their own with the same href.
 */
export function sharedLaunchPackage(version: '1.2' | '2004', items: readonly SharedLaunchItem[]): Promise<Buffer> {
  const shared = Math.ceil(items.length / 2);
  const resourceOf = (index: number) => (index < shared ? 'res_commune' : `res_${index + 1}`);
  const scormType = version === '1.2' ? 'adlcp:scormtype="sco"' : 'adlcp:scormType="sco"';
  const head =
    version === '1.2'
      ? 'xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"'
      : 'xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"';
  const schemaVersion = version === '1.2' ? '1.2' : '2004 4th Edition';
  const resources = [...new Set(items.map((_, index) => resourceOf(index)))]
    .map((id) => `<resource identifier="${id}" type="webcontent" ${scormType} href="index.html"><file href="index.html"/></resource>`)
    .join('\n    ');
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="fr.lms-centre.tests.lancement-commun" version="1" ${head}>
  <metadata><schema>ADL SCORM</schema><schemaversion>${schemaVersion}</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="org">
      <title>Un module, une seule page</title>
      ${items.map((item, index) => `<item identifier="${item.identifier}" identifierref="${resourceOf(index)}"><title>${item.title}</title></item>`).join('\n      ')}
    </organization>
  </organizations>
  <resources>
    ${resources}
  </resources>
</manifest>`;
  return zip([
    ['imsmanifest.xml', manifest],
    ['index.html', scoPage(version)],
  ]);
}

async function zip(files: [string, string][]): Promise<Buffer> {
  const archive = new yazl.ZipFile();
  for (const [name, content] of files) archive.addBuffer(Buffer.from(content), name, { mtime: new Date('2026-01-01T00:00:00Z') });
  archive.end();
  const chunks: Buffer[] = [];
  for await (const chunk of archive.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
