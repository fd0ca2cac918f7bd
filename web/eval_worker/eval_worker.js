// The message loop of the evaluation worker (linked with --pre-js into chokepoint_worker.js; runs inside a Web
// Worker). The page posts {type: 'run', databases: [{id, bytes}], request: Uint8Array}; this writes each database
// into the worker's file system, opens it, decodes the request and evaluates pair after pair, posting
//   {type: 'ready'}            the databases are open
//   {type: 'item', bytes}      one evaluated item (core/metrics/evaluation_codec.h), in pair order
//   {type: 'done'}             every pair evaluated
//   {type: 'failed', message}  the current pair could not be evaluated (a C++ exception); the next one follows
//   {type: 'stopped', message} the module aborted (out of memory, a trap) on the current pair and cannot go on
//   {type: 'refused', message} the request could not be read
// A worker is used for one run; the page terminates it to cancel, and starts another past a pair that stopped it.
var cpwPending = [];
var cpwReady = false;
Module['onRuntimeInitialized'] = function () {
  cpwReady = true;
  cpwPending.forEach(cpwHandle);
  cpwPending = [];
};
self.onmessage = function (e) {
  if (cpwReady) cpwHandle(e.data);
  else cpwPending.push(e.data);
};

function cpwHandle(msg) {
  if (!msg || msg.type !== 'run') return;
  try {
    try { FS.mkdir('/db'); } catch (e) { /* exists */ }
    msg.databases.forEach(function (d, i) {
      var path = '/db/' + i + '.sqlite';
      FS.writeFile(path, d.bytes, { canOwn: true });  // the transferred buffer becomes the file: no copy
      d.bytes = null;  // the file system holds the copy now
      ccall('cpw_open', 'number', ['string', 'string'], [d.id, path]);
    });
    postMessage({ type: 'ready' });  // the page's watchdog counts from here, not from the databases' copying
    var request = msg.request;
    var at = _malloc(Math.max(1, request.length));
    HEAPU8.set(request, at);
    var begun = _cpw_begin(at, request.length);
    _free(at);
    if (begun !== 0) {
      postMessage({ type: 'refused', message: UTF8ToString(_cpw_error()) });
      return;
    }
    for (;;) {
      var rc = _cpw_next();
      if (rc === 0) break;
      if (rc < 0) {
        postMessage({ type: 'failed', message: UTF8ToString(_cpw_error()) });
        continue;
      }
      var p = _cpw_out_data();
      var bytes = HEAPU8.slice(p, p + _cpw_out_size());
      postMessage({ type: 'item', bytes: bytes }, [bytes.buffer]);
    }
    postMessage({ type: 'done' });
  } catch (e) {
    // An abort (out of memory, a trap): the module cannot go on; the page restarts a worker past this pair.
    postMessage({ type: 'stopped', message: 'the evaluation worker stopped: ' + String((e && e.message) || e) });
  }
}
