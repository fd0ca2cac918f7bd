// The workspace store: every file under /workspace kept in this browser's IndexedDB, one record per file, each written
// in its own transaction. (Emscripten's IDBFS writes every changed file in one transaction: one file the quota could
// not hold aborted it, and every file uploaded after it was gone after a reload.) Records hold Blobs, so an uploaded
// File is stored as it is, never read on the main thread for that. Before main() the store is listed and files up to
// SMALL bytes are read back; bigger ones are read after main() starts, a CHUNK at a time between frames, with progress
// and cancel, so a 350 MB database never freezes the page while it loads. C++ reaches this through
// web/bridge/js/workspace.js; the per-file states are what the Workspace panel shows.
Module.preRun = Module.preRun || [];
Module.preRun.push(function () {
  var DB_NAME = 'chokepoint-workspace', STORE = 'files', LEGACY_IDBFS = '/workspace';
  var SMALL = 16 << 20, CHUNK = 16 << 20;
  var ws = Module.chokepointWorkspace = {
    available: false,
    db: null,
    states: {},    // relative path -> {state: 'saved' | 'saving' | 'too_large' | 'failed', size, detail}
    stored: {},    // relative path -> {mtime, size} of the stored copy
    blobs: {},     // FS path -> the File an upload came from (stored as it is)
    loads: {},     // FS path -> {name, done, total, origin, cancelled}
    sources: {},   // FS path -> {blob, size, mtime}: the Blob a file was read from, for the evaluation worker to mount
    unopened: {},  // relative path -> true: kept but not in the file system (being read, or its reading cancelled)
    estimate: null,
    queue: [],
    writing: false,
    pending: {},  // files with a save waiting in the queue
  };
  try { FS.mkdir('/uploads'); } catch (e) { /* exists */ }
  try { FS.mkdir('/workspace'); FS.mkdir('/workspace/files'); } catch (e) { /* exists */ }

  var mb = function (n) { return (n / 1048576).toFixed(n < 10485760 ? 1 : 0) + ' MB'; };
  var tell = function (text, error) {
    if (Module.calledRun) Module.ccall('chokepoint_on_workspace_event', null, ['string', 'number'], [text, error ? 1 : 0]);
    else console.warn('workspace: ' + text);
  };
  var refreshEstimate = function (then) {
    if (!navigator.storage || !navigator.storage.estimate) { ws.estimate = null; if (then) then(null); return; }
    navigator.storage.estimate().then(function (e) { ws.estimate = { usage: e.usage, quota: e.quota }; if (then) then(ws.estimate); },
                                      function () { if (then) then(ws.estimate); });
  };
  // Writes run one after another: each waits for the quota estimate the previous one changed.
  var enqueue = function (job) {
    ws.queue.push(job);
    if (!ws.writing) next();
  };
  var next = function () {
    var job = ws.queue.shift();
    ws.writing = !!job;
    if (job) job(next);
  };

  // Reads a Blob into the file system at path, CHUNK bytes per task, then hands the path to C++. The file is
  // written under a temporary name and renamed at the end, so a cancelled or failed read leaves nothing behind.
  ws.loadBlob = function (blob, name, path, origin) {
    if (ws.loads[path]) ws.loads[path].cancelled = true;
    var load = ws.loads[path] = { name: name, done: 0, total: blob.size, origin: origin, cancelled: false };
    var tmp = '/uploads/.partial-' + Date.now() + '-' + name;
    var stream = FS.open(tmp, 'w+');
    var finish = function (error) {
      try { FS.close(stream); } catch (e) { /* closed */ }
      if (ws.loads[path] === load) delete ws.loads[path];
      if (error !== undefined || load.cancelled) {
        try { FS.unlink(tmp); } catch (e) { /* gone */ }
        if (error !== undefined) tell('cannot read ' + name + ': ' + error, true);
        else tell('stopped reading ' + name + (origin === 'workspace' ? ' (it stays in the workspace)' : ''), false);
        return;
      }
      FS.rename(tmp, path);
      // The worker that evaluates on this file reads the Blob in place (WORKERFS) rather than a copy of the bytes,
      // as long as the file in the file system is unchanged (web/bridge/js/eval_worker.js checks size and mtime).
      ws.sources[path] = { blob: blob, size: blob.size, mtime: FS.stat(path).mtime.getTime() };
      if (origin === 'workspace') delete ws.unopened[path.slice('/workspace/'.length)];
      Module.ccall('chokepoint_on_file', null, ['string', 'string'], [path, origin]);
    };
    try {
      FS.ftruncate(stream.fd, blob.size);  // one allocation of the final size; chunks are copied in place
    } catch (e) {
      finish('not enough memory for ' + mb(blob.size) + ' (' + e + ')');
      return;
    }
    var step = function () {
      if (load.cancelled) { finish(); return; }
      if (load.done >= load.total) { finish(); return; }
      var end = Math.min(load.total, load.done + CHUNK);
      blob.slice(load.done, end).arrayBuffer().then(function (buf) {
        if (load.cancelled) { finish(); return; }
        FS.write(stream, new Uint8Array(buf), 0, buf.byteLength, load.done);
        load.done = end;
        setTimeout(step, 0);
      }, function (err) { finish(String(err)); });
    };
    step();
  };
  ws.cancelLoad = function (path) { if (ws.loads[path]) ws.loads[path].cancelled = true; };

  // Stores one file. An upload's File is stored as it is; a file written by the app is copied out of the file system.
  var keep = function (rel) {
    var path = '/workspace/' + rel, st;
    try { st = FS.stat(path); } catch (e) { return; }
    var size = st.size, mtime = st.mtime.getTime(), prev = ws.stored[rel];
    var state = ws.states[rel];
    if (prev && prev.mtime === mtime && prev.size === size && state && state.state === 'saved') return;
    // A file that could not be stored is tried again only once it changed (one message per file, not per save).
    if (state && state.tried === mtime + ':' + size && state.state !== 'saving') return;
    // A save of this file is already waiting in the queue: it reads the file when it runs, so it stores these changes
    // too. Without this a file written on every frame (the replay store during a model run) queued a copy per frame.
    if (ws.pending[rel]) return;
    ws.pending[rel] = true;
    ws.states[rel] = { state: 'saving', size: size };
    enqueue(function (done) {
      delete ws.pending[rel];
      try { st = FS.stat(path); size = st.size; mtime = st.mtime.getTime(); } catch (e) { /* removed: stored as last seen */ }
      var settle = function (s, detail) {
        ws.states[rel] = { state: s, size: size, detail: detail || '', tried: mtime + ':' + size };
        if (s === 'saved') { ws.stored[rel] = { mtime: mtime, size: size }; delete ws.blobs[path]; }
        if (s === 'too_large' || s === 'failed')
          tell(rel.replace(/^files\//, '') + ' is open, but ' + detail + ': it will not be there after a reload', true);
        refreshEstimate();
        done();
      };
      refreshEstimate(function (est) {
        var free = est && est.quota ? est.quota - est.usage + (prev ? prev.size : 0) : Infinity;
        if (size > free) {
          settle('too_large', 'it is too large for this browser\'s storage (' + mb(size) + ', ' + mb(Math.max(0, free)) + ' free)');
          return;
        }
        var blob = ws.blobs[path];
        try {
          if (!blob) blob = new Blob([FS.readFile(path)]);
          var tx = ws.db.transaction(STORE, 'readwrite');
          tx.objectStore(STORE).put({ blob: blob, size: size, mtime: mtime }, rel);
          tx.oncomplete = function () { settle('saved'); };
          tx.onabort = function () {
            var err = tx.error;
            if (err && err.name === 'QuotaExceededError')
              settle('too_large', 'it is too large for this browser\'s storage (' + mb(size) + ')');
            else settle('failed', 'it could not be saved (' + (err ? err.name + ': ' + err.message : 'aborted') + ')');
          };
        } catch (e) {
          settle('failed', 'it could not be saved (' + e + ')');
        }
      });
    });
  };
  var drop = function (rel) {
    delete ws.states[rel];
    delete ws.stored[rel];
    delete ws.unopened[rel];
    enqueue(function (done) {
      var tx = ws.db.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).delete(rel);
      tx.oncomplete = tx.onabort = function () { refreshEstimate(); done(); };
    });
  };
  var listFiles = function (dir, out) {
    FS.readdir(dir).forEach(function (n) {
      if (n === '.' || n === '..' || /-(journal|wal|shm)$/.test(n)) return;
      var p = dir + '/' + n;
      if (FS.isDir(FS.stat(p).mode)) listFiles(p, out);
      else out.push(p.slice('/workspace/'.length));
    });
    return out;
  };
  // Brings IndexedDB in line with /workspace: changed files are stored, deleted ones dropped (files that are kept
  // but not read into this page, being read or cancelled, are left alone).
  ws.persist = function () {
    if (!ws.available) return;
    var present = {};
    listFiles('/workspace', []).forEach(function (rel) { present[rel] = true; keep(rel); });
    Object.keys(ws.states).forEach(function (rel) {
      if (!present[rel] && !ws.unopened[rel]) drop(rel);
    });
  };
  // An upload that could not be opened: gone from the page; a copy stored before under its name stays kept.
  ws.discard = function (rel) {
    try { FS.unlink('/workspace/' + rel); } catch (e) { /* gone */ }
    delete ws.blobs['/workspace/' + rel];
    if (ws.stored[rel]) { ws.unopened[rel] = true; ws.states[rel] = { state: 'saved', size: ws.stored[rel].size }; }
    else delete ws.states[rel];
  };
  ws.remove = function (rel) {
    try { FS.unlink('/workspace/' + rel); } catch (e) { /* not read into this page */ }
    drop(rel);
  };
  ws.report = function () {
    var files = Object.keys(ws.states).sort().map(function (rel) {
      var s = ws.states[rel];
      return { path: '/workspace/' + rel, state: s.state, size: s.size, detail: s.detail || '', opened: !ws.unopened[rel] };
    });
    var loads = Object.keys(ws.loads).map(function (p) {
      var l = ws.loads[p];
      return { path: p, name: l.name, done: l.done, total: l.total, origin: l.origin };
    });
    return JSON.stringify({ available: ws.available, files: files, loads: loads, writing: ws.writing || ws.queue.length > 0,
                            usage: ws.estimate ? ws.estimate.usage : -1, quota: ws.estimate ? ws.estimate.quota : -1 });
  };

  // Files kept by earlier versions (Emscripten's IDBFS, database "/workspace") move into this store once.
  var migrate = function (then) {
    var list = indexedDB.databases ? indexedDB.databases() : Promise.resolve([]);
    list.then(function (dbs) {
      if (!dbs.some(function (d) { return d.name === LEGACY_IDBFS; })) { then(); return; }
      var open = indexedDB.open(LEGACY_IDBFS);
      open.onerror = function () { then(); };
      open.onsuccess = function () {
        var old = open.result, records = [];
        if (!old.objectStoreNames.contains('FILE_DATA')) { old.close(); indexedDB.deleteDatabase(LEGACY_IDBFS); then(); return; }
        var cursor = old.transaction('FILE_DATA').objectStore('FILE_DATA').openCursor();
        cursor.onsuccess = function () {
          var c = cursor.result;
          if (c) {
            var v = c.value;
            if (v && v.contents && String(c.key).indexOf('/workspace/') === 0)
              records.push({ rel: String(c.key).slice('/workspace/'.length), value: { blob: new Blob([v.contents]), size: v.contents.length,
                                                                                      mtime: +v.timestamp || 0 } });
            c.continue();
            return;
          }
          old.close();
          var tx = ws.db.transaction(STORE, 'readwrite');
          records.forEach(function (r) { tx.objectStore(STORE).put(r.value, r.rel); });
          tx.oncomplete = function () { indexedDB.deleteDatabase(LEGACY_IDBFS); then(); };
          tx.onabort = function () { console.warn('workspace: cannot move the old workspace: ' + tx.error); then(); };
        };
        cursor.onerror = function () { old.close(); then(); };
      };
    }, function () { then(); });
  };

  // Reads the store: small files into the file system now, big ones once the app runs (see ws.loadBlob).
  var restore = function (then) {
    var records = [];
    var req = ws.db.transaction(STORE).objectStore(STORE).openCursor();
    req.onerror = function () { then(); };
    req.onsuccess = function () {
      var c = req.result;
      if (c) { records.push({ rel: String(c.key), value: c.value }); c.continue(); return; }
      var pending = 1;
      var one = function () { if (--pending === 0) then(); };
      var deferred = [];
      records.forEach(function (r) {
        var rel = r.rel, v = r.value || {};
        if (!v.blob || rel.indexOf('..') >= 0) return;
        ws.states[rel] = { state: 'saved', size: v.blob.size };
        ws.unopened[rel] = true;
        var path = '/workspace/' + rel;
        var parts = rel.split('/');
        for (var i = 1; i < parts.length; ++i) { try { FS.mkdir('/workspace/' + parts.slice(0, i).join('/')); } catch (e) { /* exists */ } }
        if (v.blob.size > SMALL) { deferred.push({ rel: rel, blob: v.blob }); return; }
        ++pending;
        v.blob.arrayBuffer().then(function (buf) {
          FS.writeFile(path, new Uint8Array(buf));
          ws.stored[rel] = { mtime: FS.stat(path).mtime.getTime(), size: v.blob.size };
          delete ws.unopened[rel];
          one();
        }, function (err) {
          ws.states[rel] = { state: 'failed', size: v.blob.size, detail: 'cannot be read back (' + err + ')' };
          one();
        });
      });
      ws.deferred = deferred;
      one();
    };
  };

  if (typeof indexedDB === 'undefined') return;
  addRunDependency('chokepoint-workspace');
  var ready = function () { removeRunDependency('chokepoint-workspace'); refreshEstimate(); };
  var open;
  try { open = indexedDB.open(DB_NAME, 1); } catch (e) { console.warn('workspace: ' + e); ready(); return; }
  open.onupgradeneeded = function () { open.result.createObjectStore(STORE); };
  open.onerror = function () { console.warn('workspace: cannot open IndexedDB: ' + open.error); ready(); };
  open.onsuccess = function () {
    ws.db = open.result;
    ws.available = true;
    migrate(function () { restore(ready); });
  };
});

// Big workspace files are read once the app draws, so their progress shows.
Module.postRun = Module.postRun || [];
Module.postRun.push(function () {
  var ws = Module.chokepointWorkspace;
  (ws.deferred || []).forEach(function (d) {
    var name = d.rel.slice(d.rel.lastIndexOf('/') + 1);
    ws.loadBlob(d.blob, name, '/workspace/' + d.rel, 'workspace');
  });
  ws.deferred = [];
});
