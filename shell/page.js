// The page's own script (kept out of index.html so the Content-Security-Policy can forbid inline scripts): the
// Module object Emscripten reads, the status line, the failure notice and the service worker.
var statusEl = document.getElementById('status');
var Module = {
  canvas: document.getElementById('canvas'),
  setStatus: function (text) {
    if (!text) return;
    statusEl.textContent = text;
    statusEl.dataset.state = text.indexOf('error') === 0 ? 'error' : (text.indexOf('ready') === 0 ? 'ready' : 'busy');
  },
  onReady: function () { statusEl.classList.add('faded'); registerServiceWorker(); },
  print: function (t) { console.log(t); },
  printErr: function (t) { console.warn(t); },
  onAbort: function (what) { showFailure('The app stopped (' + what + ').'); },
  // Start-up moments as performance marks (bench/first_frame.mjs reads them with the app's own marks).
  preRun: [function () { mark('pre-run'); }],
  monitorRunDependencies: function (left) { if (left === 0) mark('downloads and workspace ready'); },
};
function mark(name) { if (window.performance && performance.mark) performance.mark('chokepoint:' + name); }
// A failure the C++ side could not catch leaves the canvas unable to draw: say so in the page itself, large,
// with the way on. A C++ exception reaches JS as a WebAssembly.Exception (or, in a build with JavaScript exception
// trampolines, a bare number such as "Uncaught 6944904"): name it instead.
function showFailure(text) {
  Module.setStatus('error: ' + text);
  document.getElementById('failure-text').textContent = text;
  document.getElementById('failure').hidden = false;
}
document.getElementById('failure-reload').addEventListener('click', function () { location.reload(); });
window.addEventListener('error', function (e) {
  var m = String(e.message || e.error || 'unknown error');
  var cpp = (typeof WebAssembly.Exception === 'function' && e.error instanceof WebAssembly.Exception) ||
            /^(Uncaught )?(\d+|\[object WebAssembly\.Exception\])$/.test(m.trim());
  if (cpp) showFailure('An internal error (a C++ exception) escaped the app (' + m + ').');
  else Module.setStatus('error: ' + m);
});
// The offline copy is made once the app is ready: the worker's install fetches every file of the app again, which on
// a first visit would otherwise share the connection and the machine with the start-up it is copying.
function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || location.protocol === 'file:') return;
  mark('service worker registered');
  navigator.serviceWorker.register('sw.js').catch(function () { /* offline cache is optional */ });
}
document.getElementById('canvas').addEventListener('contextmenu', function (e) { e.preventDefault(); });
