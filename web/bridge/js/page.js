// JS side of web/bridge/page_bridge.cpp (linked with --js-library): status text and the ready signal for the page.
mergeInto(LibraryManager.library, {
  chokepoint_js_set_status: function (text) {
    var s = UTF8ToString(text);
    if (typeof Module.setStatus === 'function') Module.setStatus(s);
  },
  chokepoint_js_mark_ready: function (firstFrameMs) {
    window.chokepoint = window.chokepoint || {};
    window.chokepoint.ready = true;
    window.chokepoint.firstFrameMs = firstFrameMs;
    if (typeof Module.onReady === 'function') Module.onReady(firstFrameMs);
  },
  // Called right after a frame is drawn: the WebGL drawing buffer still holds it, so toDataURL sees the frame.
  chokepoint_js_capture_canvas: function (fileName) {
    var name = UTF8ToString(fileName);
    var url = Module.canvas.toDataURL('image/png');
    var a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { a.remove(); }, 1000);
  },
  chokepoint_js_now_ms: function () {
    return performance.now();
  },
});
