// JS side of web/bridge/page_bridge.cpp (linked with --js-library): status text and the ready signal for the page.
mergeInto(LibraryManager.library, {
  chokepoint_js_set_status: function (text) {
    var s = UTF8ToString(text);
    if (typeof Module.setStatus === 'function') Module.setStatus(s);
  },
  chokepoint_js_mark_ready: function (firstFrameMs, framesDrawn) {
    window.chokepoint = window.chokepoint || {};
    window.chokepoint.ready = true;
    window.chokepoint.firstFrameMs = firstFrameMs;
    window.chokepoint.framesDrawnAtReady = framesDrawn;
    if (typeof Module.onReady === 'function') Module.onReady(firstFrameMs);
  },
  // Called right after a frame is drawn: the WebGL drawing buffer still holds it, so toDataURL (or drawImage, for a
  // crop to one chart) sees the frame. x, y, w, h: drawing-buffer pixels; w = 0 for the whole canvas.
  chokepoint_js_capture_canvas: function (fileName, x, y, w, h) {
    var name = UTF8ToString(fileName);
    var source = Module.canvas;
    if (w > 0 && h > 0) {
      var crop = document.createElement('canvas');
      crop.width = w;
      crop.height = h;
      crop.getContext('2d').drawImage(Module.canvas, x, y, w, h, 0, 0, w, h);
      source = crop;
    }
    var url = source.toDataURL('image/png');
    window.chokepoint = window.chokepoint || {};
    window.chokepoint.lastCapture = { name: name, width: source.width, height: source.height };
    var a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { a.remove(); }, 1000);
  },
  // A named moment of the start-up, as a performance mark "chokepoint:NAME" (read by bench/first_frame.mjs).
  chokepoint_js_mark: function (name) {
    if (typeof performance.mark === 'function') performance.mark('chokepoint:' + UTF8ToString(name));
  },
  chokepoint_js_now_ms: function () {
    return performance.now();
  },
});
