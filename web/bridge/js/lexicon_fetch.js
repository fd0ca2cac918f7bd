// JS side of web/bridge/lexicon_loader.cpp (linked with --js-library): fetches the lexicon asset when C++ asks, streams
// the body to report progress, writes the bytes into the Emscripten file system and calls back through the
// exported C functions; the frame loop keeps running throughout. HTTP errors and network failures are reported
// with a message the panel shows.
mergeInto(LibraryManager.library, {
  chokepoint_js_lexicon_fetch: function (urlPtr, pathPtr) {
    var url = UTF8ToString(urlPtr);
    var path = UTF8ToString(pathPtr);
    function fail(message) {
      var n = lengthBytesUTF8(message) + 1;
      var p = _malloc(n);
      stringToUTF8(message, p, n);
      try { _chokepoint_lexicon_on_fetched(0, 0, p); } finally { _free(p); }
    }
    function store(bytes) {
      try {
        FS.writeFile(path, bytes);
      } catch (e) {
        fail('cannot write ' + path + ': ' + e);
        return;
      }
      _chokepoint_lexicon_on_fetched(1, bytes.length, 0);
    }
    fetch(url).then(function (response) {
      if (!response.ok) { fail(url + ': HTTP ' + response.status); return; }
      // Content-Length is the size on the wire: with a compressed response it is smaller than the body, so the
      // progress then falls back to "received so far" (lexicon_loader.cpp).
      var total = Number(response.headers.get('Content-Length')) || 0;
      if (!response.body || !response.body.getReader) {
        return response.arrayBuffer().then(function (buf) { store(new Uint8Array(buf)); });
      }
      var reader = response.body.getReader();
      var chunks = [];
      var received = 0;
      function pump() {
        return reader.read().then(function (r) {
          if (r.done) {
            var bytes = new Uint8Array(received);
            var at = 0;
            chunks.forEach(function (c) { bytes.set(c, at); at += c.length; });
            store(bytes);
            return;
          }
          chunks.push(r.value);
          received += r.value.length;
          _chokepoint_lexicon_on_progress(received, total);
          return pump();
        });
      }
      return pump();
    }).catch(function (e) {
      fail(url + ': ' + String((e && e.message) || e));
    });
  },
  chokepoint_js_lexicon_fetch__deps: ['malloc', 'free'],
});
