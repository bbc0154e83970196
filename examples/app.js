// The example page's script: plain JavaScript, no build step. It loads the SDK from the service
// (<serviceUrl>/sdk/sdk.min.js, global `StepVerification`) and launches it in either mode.
// With npm: `import { launch } from '@step-verification/sdk-web'` instead of the script tag.
(async function () {
  const $ = (id) => document.getElementById(id);
  const query = new URLSearchParams(location.search);
  const config = await (await fetch('config.json')).json();
  // Convenience for trying another workflow or language: ?workflow=wf_…&lang=es
  const workflowId = query.get('workflow') || config.workflowId || undefined;
  const language = query.get('lang') || undefined;

  await new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = config.serviceUrl + '/sdk/sdk.min.js';
    s.onload = resolve;
    s.onerror = () => reject(new Error('could not load the SDK from ' + s.src));
    document.head.appendChild(s);
  });

  /** Every event of every launch, also kept on window for inspection in the developer tools. */
  const events = (window.exampleEvents = []);
  let current = null;
  function log(name, detail) {
    events.push({ name, detail });
    const li = document.createElement('li');
    li.textContent = name + (detail === undefined ? '' : ' ' + JSON.stringify(detail));
    $('log').appendChild(li);
  }
  function callbacks() {
    return {
      onReady: () => log('ready'),
      onSessionCreated: (e) => log('sessionCreated', e),
      onStatusChange: (e) => log('statusChange', e),
      onCompleted: async (e) => {
        log('completed', e);
        // Never trust the browser alone: confirm the decision on your server (token mode has one here).
        if (config.tokenUrl) {
          const server = await (await fetch('session/' + encodeURIComponent(e.externalId))).json();
          log('serverDecision', { decision: server.decision, state: server.state });
        }
      },
      onCancelled: (e) => log('cancelled', e),
      onError: (err, message) => log('error', { code: err.code, message }),
    };
  }
  function started(handle) {
    current = handle;
    $('close').disabled = false;
    handle.finished.then(() => ($('status').textContent = 'Finished: ' + handle.state));
  }

  $('create').disabled = !config.publicKey;
  $('token').disabled = !config.tokenUrl;
  $('status').textContent = config.tokenUrl ? 'Ready.' : 'Ready. Token mode needs the example server (node examples/server.mjs).';

  $('create').addEventListener('click', () => {
    started(
      StepVerification.launch({
        mode: 'create',
        serviceUrl: config.serviceUrl,
        apiKey: config.publicKey,
        workflowExternalId: workflowId,
        clientData: $('clientData').value || undefined,
        metadata: 'example-page',
        language,
        ...callbacks(),
      }),
    );
  });

  $('token').addEventListener('click', async () => {
    // Your server authenticates the user, then mints a sat for them with the secret key.
    const res = await fetch(config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientData: $('clientData').value || null, workflowId: workflowId || null }),
    });
    const minted = await res.json();
    if (!res.ok) return log('tokenError', minted);
    log('tokenMinted', { sessionId: minted.sessionId });
    started(StepVerification.launch({ mode: 'token', serviceUrl: config.serviceUrl, sat: minted.sat, container: '#inline', language, ...callbacks() }));
  });

  $('close').addEventListener('click', () => current && current.close());
})().catch((err) => {
  document.getElementById('status').textContent = 'Error: ' + err.message;
});
