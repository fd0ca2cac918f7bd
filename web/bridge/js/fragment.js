// JS side of the Quick check's link (web/panels/quick_check/quick_check_view.cpp, linked with --js-library): the
// check is kept in the page address's fragment, `#check=<URI-encoded JSON>`. A fragment is never sent to a server;
// replaceState keeps typing out of the back button's history.
mergeInto(LibraryManager.library, {
  chokepoint_js_fragment_read: function () {
    var m = /^#check=(.*)$/.exec(location.hash || '');
    if (!m) return 0;
    var text;
    try { text = decodeURIComponent(m[1]); } catch (e) { return 0; }
    var n = lengthBytesUTF8(text) + 1;
    var p = _malloc(n);
    stringToUTF8(text, p, n);
    return p;  // freed by the caller
  },
  chokepoint_js_fragment_write: function (textPtr) {
    try {
      history.replaceState(null, '', '#check=' + encodeURIComponent(UTF8ToString(textPtr)));
    } catch (e) { /* a page that cannot change its address keeps the check on screen only */ }
  },
});
