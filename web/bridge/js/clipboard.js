// JS side of web/bridge/clipboard.cpp (linked with --js-library). The browser fires `paste` on Ctrl/Cmd+V (the key
// itself is not held back) with the system clipboard's text, before the next frame runs ImGui's paste: the text is
// handed to C++ then. Line ends become \n, as ImGui's multi-line fields hold them; the text goes through the heap, as
// a long query would not fit on the stack ccall uses for strings. Writing is best effort: without the Clipboard API,
// or when the browser refuses, a copy still reaches the app's own fields.
mergeInto(LibraryManager.library, {
  chokepoint_js_clipboard_listen: function () {
    document.addEventListener('paste', function (e) {
      var text = e.clipboardData ? e.clipboardData.getData('text/plain') : '';
      if (!text) return;
      text = text.replace(/\r\n?/g, '\n');
      var n = lengthBytesUTF8(text) + 1;
      var p = _malloc(n);
      stringToUTF8(text, p, n);
      try { _chokepoint_clipboard_from_page(p); } finally { _free(p); }
      e.preventDefault();
    });
  },
  chokepoint_js_clipboard_write: function (textPtr) {
    try {
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(UTF8ToString(textPtr)).catch(function () {});
      }
    } catch (e) { /* the app's own copy is kept either way */ }
  },
  // On a Mac the shortcuts are Cmd+C, X and V.
  chokepoint_js_is_mac: function () {
    return /Mac|iPhone|iPad/.test(navigator.platform || '') ? 1 : 0;
  },
});
