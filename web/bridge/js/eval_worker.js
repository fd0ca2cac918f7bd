// JS side of web/bridge/eval_worker_bridge.h (linked with --js-library): runs chokepoint_worker.js in a Web Worker,
// gives it the databases and the request, and delivers what it posts to chokepoint_eval_worker_message. A watchdog
// terminates a worker that sends nothing for stall_ms (a query past every limit, a hang) and reports it, so the page
// never waits on a worker for ever. The clock starts at the worker's 'ready': loading its module and opening the
// databases is not a query, and on a busy machine takes longer than a short stall limit; a worker that is not ready
// within CP_WORKER_START_MS (or stall_ms, if longer) is reported as not started, and the page evaluates in place. Databases stay registered until cleared, so a worker started again after a stall
// gets them again. A file read from an upload or the workspace store goes as the Blob it came from, which the worker
// mounts (WORKERFS) and SQLite reads page by page: a 2 GB database is never copied. Other files are re-read from the
// Emscripten file system at each start and transferred, not copied twice.
mergeInto(LibraryManager.library, {
  $cpEvalWorker: { worker: null, run: 0, databases: [], timer: null, last: 0, heard: false, ready: false },

  $cpEvalWorkerDeliver__deps: ['malloc', 'free'],
  $cpEvalWorkerDeliver: function (run, event, bytes) {
    if (typeof bytes === 'string') bytes = new TextEncoder().encode(bytes);
    var n = bytes ? bytes.length : 0;
    var p = _malloc(Math.max(1, n));
    if (n) HEAPU8.set(bytes, p);
    try { _chokepoint_eval_worker_message(run, event, p, n); } finally { _free(p); }
  },

  chokepoint_eval_worker_available: function () { return typeof Worker !== 'undefined' ? 1 : 0; },

  chokepoint_eval_worker_add_file__deps: ['$cpEvalWorker'],
  chokepoint_eval_worker_add_file: function (idPtr, pathPtr) {
    var path = UTF8ToString(pathPtr), st;
    try { st = FS.stat(path); } catch (e) { return 0; }
    var ws = Module.chokepointWorkspace;
    var src = ws && ws.sources && ws.sources[path];
    var same = src && src.size === st.size && src.mtime === st.mtime.getTime();
    cpEvalWorker.databases.push(same ? { id: UTF8ToString(idPtr), blob: src.blob } : { id: UTF8ToString(idPtr), path: path });
    return 1;
  },

  chokepoint_eval_worker_add_bytes__deps: ['$cpEvalWorker'],
  chokepoint_eval_worker_add_bytes: function (idPtr, ptr, size) {
    cpEvalWorker.databases.push({ id: UTF8ToString(idPtr), bytes: HEAPU8.slice(ptr, ptr + size) });
  },

  chokepoint_eval_worker_stop__deps: ['$cpEvalWorker'],
  chokepoint_eval_worker_stop: function () {
    var s = cpEvalWorker;
    if (s.timer) clearInterval(s.timer);
    s.timer = null;
    if (s.worker) s.worker.terminate();
    s.worker = null;
  },

  chokepoint_eval_worker_clear__deps: ['$cpEvalWorker', 'chokepoint_eval_worker_stop'],
  chokepoint_eval_worker_clear: function () {
    _chokepoint_eval_worker_stop();
    cpEvalWorker.databases = [];
  },

  chokepoint_eval_worker_start__deps: ['$cpEvalWorker', '$cpEvalWorkerDeliver', 'chokepoint_eval_worker_stop'],
  chokepoint_eval_worker_start: function (run, requestPtr, requestSize, stallMs) {
    var s = cpEvalWorker;
    _chokepoint_eval_worker_stop();
    s.run = run;
    s.heard = false;
    s.ready = false;
    var CP_WORKER_START_MS = 30000;
    var now = function () { return performance.now(); };
    var request = HEAPU8.slice(requestPtr, requestPtr + requestSize);
    var databases = [];
    var transfer = [request.buffer];
    try {
      s.databases.forEach(function (d) {
        // FS.readFile copies the file out of the file system (outside the wasm heap); the copy is then moved to
        // the worker, not cloned.
        if (d.blob) { databases.push({ id: d.id, blob: d.blob }); return; }  // a reference, not the bytes
        var bytes = d.path ? FS.readFile(d.path) : d.bytes.slice();
        databases.push({ id: d.id, bytes: bytes });
        transfer.push(bytes.buffer);
      });
      s.worker = new Worker('chokepoint_worker.js');
    } catch (e) {
      cpEvalWorkerDeliver(run, 5, 'the evaluation worker could not start: ' + String((e && e.message) || e));
      return;
    }
    var kinds = { item: 1, done: 2, failed: 3, stopped: 4, refused: 5 };
    s.worker.onmessage = function (e) {
      if (s.run !== run) return;
      s.last = now();
      s.heard = true;
      var m = e.data || {};
      if (m.type === 'ready') s.ready = true;
      var event = kinds[m.type];
      if (!event) return;
      if (event === 2 || event === 4 || event === 5) _chokepoint_eval_worker_stop();
      cpEvalWorkerDeliver(run, event, event === 1 ? m.bytes : (m.message || ''));
    };
    s.worker.onerror = function (e) {
      if (e && e.preventDefault) e.preventDefault();
      if (s.run !== run) return;
      _chokepoint_eval_worker_stop();
      var why = String((e && e.message) || 'unknown error');
      // Before anything came back the worker never started (its script or module failed to load): the page
      // evaluates in place instead. After, it died on the current pair.
      cpEvalWorkerDeliver(run, s.heard ? 4 : 5, (s.heard ? 'the evaluation worker stopped: ' :
                                                  'the evaluation worker could not start: ') + why);
    };
    s.last = now();
    s.timer = setInterval(function () {
      if (s.run !== run || !s.worker) return;
      if (!s.ready) {
        var startMs = Math.max(stallMs, CP_WORKER_START_MS);
        if (now() - s.last <= startMs) return;
        _chokepoint_eval_worker_stop();
        cpEvalWorkerDeliver(run, 5, 'the evaluation worker did not start within ' + Math.round(startMs / 1000) + ' s');
      } else if (now() - s.last > stallMs) {
        _chokepoint_eval_worker_stop();
        cpEvalWorkerDeliver(run, 6, '');
      }
    }, Math.max(50, Math.min(500, stallMs / 4)));
    s.worker.postMessage({ type: 'run', databases: databases, request: request }, transfer);
  },
});
