// JS side of web/llm/llm_fetch.h (linked with --js-library): starts fetch() for the C++ FetchTransport and reports back
// through the exported C function chokepoint_llm_on_http_done, so the UI keeps rendering while a call is in
// flight (decisions.md §T: no emscripten_fetch, no Asyncify). A failed fetch (network down, CORS refusal) reports
// status 0 with the browser's message; the time limit aborts the request and reports timed_out.
mergeInto(LibraryManager.library, {
  chokepoint_llm_fetch: function (id, methodPtr, urlPtr, headersPtr, bodyPtr, timeoutMs) {
    var method = UTF8ToString(methodPtr);
    var url = UTF8ToString(urlPtr);
    var headerPairs = JSON.parse(UTF8ToString(headersPtr));  // [[name, value], ...]
    var body = UTF8ToString(bodyPtr);
    var headers = new Headers();
    headerPairs.forEach(function (p) { headers.append(p[0], p[1]); });
    var controller = typeof AbortController !== 'undefined' ? new AbortController() : null;
    var timedOut = false;
    var timer = setTimeout(function () { timedOut = true; if (controller) controller.abort(); }, timeoutMs);
    var started = (typeof performance !== 'undefined' ? performance : Date).now();
    function deliver(status, responseHeaders, text, error) {
      clearTimeout(timer);
      var elapsed = (typeof performance !== 'undefined' ? performance : Date).now() - started;
      var strings = [JSON.stringify(responseHeaders), text, error].map(function (s) {
        var n = lengthBytesUTF8(s) + 1;
        var p = _malloc(n);
        stringToUTF8(s, p, n);
        return p;
      });
      try {
        _chokepoint_llm_on_http_done(id, status, timedOut ? 1 : 0, elapsed, strings[0], strings[1], strings[2]);
      } finally {
        strings.forEach(function (p) { _free(p); });
      }
    }
    // The body, read as it arrives and abandoned past `cap` bytes: an endpoint that never stops sending costs at
    // most that much memory (and the time limit above ends it in time).
    function readCapped(response, cap) {
      if (!response.body || !response.body.getReader || typeof TextDecoder === 'undefined') return response.text();
      var reader = response.body.getReader();
      var chunks = [];
      var total = 0;
      function pump() {
        return reader.read().then(function (r) {
          if (r.done) {
            var all = new Uint8Array(total);
            var at = 0;
            chunks.forEach(function (c) { all.set(c, at); at += c.length; });
            return new TextDecoder().decode(all);
          }
          total += r.value.length;
          if (total > cap) {
            reader.cancel();
            throw new Error('the answer was larger than 16 MiB; Chokepoint stopped reading it');
          }
          chunks.push(r.value);
          return pump();
        });
      }
      return pump();
    }
    // redirect: 'error': a redirect is never followed, so the key is never re-sent to another origin than the
    // endpoint the user typed (and the preview named); the failure says so.
    var init = { method: method, headers: headers, mode: 'cors', credentials: 'omit', cache: 'no-store',
                 redirect: 'error', referrerPolicy: 'no-referrer' };
    if (method !== 'GET' && method !== 'HEAD') init.body = body;
    if (controller) init.signal = controller.signal;
    fetch(url, init).then(function (response) {
      var pairs = [];
      response.headers.forEach(function (value, name) { pairs.push([name.toLowerCase(), value]); });
      return readCapped(response, 16 * 1024 * 1024).then(function (text) { deliver(response.status, pairs, text, ''); });
    }).catch(function (e) {
      deliver(0, [], '', timedOut ? 'timed out' : String((e && e.message) || e));
    });
  },
  chokepoint_llm_fetch__deps: ['malloc', 'free'],
});
