// The message loop of the evaluation worker (linked with --pre-js into chokepoint_worker.js; runs inside a Web
// Worker). The page posts {type: 'run', databases: [{id, bytes} or {id, blob}], request: Uint8Array}; this writes
// each database's bytes into the worker's file system, or mounts its Blob read-only (WORKERFS: SQLite then reads
// the pages it needs from the file, never the whole file), opens it, decodes the request and evaluates pair after pair, posting
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

// WORKERFS reads the Blob once per read() call, and SQLite reads a page (4 KiB) at a time: a full scan of 50 MB took
// 54 s that way. Reads are served from 4 MiB blocks of the Blob instead, the last 16 kept (64 MiB at most).
var CPW_BLOCK = 4 << 20, CPW_BLOCKS_KEPT = 16;
var cpwBlocks = new Map();  // 'node id:block' -> Uint8Array, oldest first
function cpwBlockedRead(stream, buffer, offset, length, position) {
  var blob = stream.node.contents;
  var end = Math.min(blob.size, position + length);
  var done = 0;
  while (position + done < end) {
    var at = position + done, k = Math.floor(at / CPW_BLOCK), key = stream.node.id + ':' + k;
    var block = cpwBlocks.get(key);
    if (block) {
      cpwBlocks.delete(key);  // most recent last
    } else {
      if (!WORKERFS.reader) WORKERFS.reader = new FileReaderSync();
      block = new Uint8Array(WORKERFS.reader.readAsArrayBuffer(blob.slice(k * CPW_BLOCK, Math.min(blob.size, (k + 1) * CPW_BLOCK))));
      if (cpwBlocks.size >= CPW_BLOCKS_KEPT) cpwBlocks.delete(cpwBlocks.keys().next().value);
    }
    cpwBlocks.set(key, block);
    var from = at - k * CPW_BLOCK, n = Math.min(block.length - from, end - at);
    buffer.set(block.subarray(from, from + n), offset + done);
    done += n;
  }
  return done;
}

function cpwHandle(msg) {
  if (!msg || msg.type !== 'run') return;
  try {
    WORKERFS.stream_ops.read = cpwBlockedRead;
    try { FS.mkdir('/db'); } catch (e) { /* exists */ }
    msg.databases.forEach(function (d, i) {
      var path = '/db/' + i + '.sqlite';
      if (d.blob) {
        FS.mkdir('/db/' + i);
        FS.mount(WORKERFS, { blobs: [{ name: 'db.sqlite', data: d.blob }] }, '/db/' + i);
        path = '/db/' + i + '/db.sqlite';
      } else {
        FS.writeFile(path, d.bytes, { canOwn: true });  // the transferred buffer becomes the file: no copy
        d.bytes = null;
      }
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
