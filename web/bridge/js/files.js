// File picker, drag-and-drop and downloads for the app (linked with --js-library). Uploaded files are read into the
// Emscripten file system a chunk at a time (web/bridge/pre/workspace.js, ws.loadBlob): under /workspace/files when the
// workspace is available, so the file that is opened is the file that is kept, otherwise under /uploads. C++ is told
// through the exported chokepoint_on_file(path, origin) once the whole file is there.
mergeInto(LibraryManager.library, {
  $chokepointFiles__postset: 'chokepointFiles.install();',
  $chokepointFiles: {
    install: function () {
      if (typeof document === 'undefined') return;
      var receive = function (files) {
        Array.prototype.forEach.call(files, function (file) {
          var ws = Module.chokepointWorkspace;
          var safe = file.name.replace(/[^A-Za-z0-9._ -]/g, '_').replace(/^\.+/, '_');
          var archive = /\.chokepoint$/i.test(safe);
          var path = (ws && ws.available && !archive ? '/workspace/files/' : '/uploads/') + safe;
          if (ws && ws.available && !archive) ws.blobs[path] = file;
          ws.loadBlob(file, safe, path, 'upload');
        });
      };
      chokepointFiles.receive = receive;
      var input = document.createElement('input');
      input.type = 'file';
      input.multiple = true;
      input.id = 'chokepoint-file-input';
      input.accept = '.sqlite,.sqlite3,.db,.json,.sql,.csv,.txt,.tsv,.chokepoint';
      input.style.display = 'none';
      input.addEventListener('change', function () { receive(input.files); input.value = ''; });
      document.body.appendChild(input);
      chokepointFiles.input = input;
      var target = Module.canvas || document.body;
      target.addEventListener('dragover', function (e) { e.preventDefault(); });
      target.addEventListener('drop', function (e) {
        e.preventDefault();
        if (e.dataTransfer && e.dataTransfer.files) receive(e.dataTransfer.files);
      });
    },
  },
  chokepoint_js_open_file_picker__deps: ['$chokepointFiles'],
  chokepoint_js_open_file_picker: function () {
    if (chokepointFiles.input) chokepointFiles.input.click();
  },
  chokepoint_js_download__deps: ['$chokepointFiles'],
  chokepoint_js_download: function (fsPath, fileName, mime) {
    var bytes = FS.readFile(UTF8ToString(fsPath));
    var blob = new Blob([bytes], { type: UTF8ToString(mime) });
    var a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = UTF8ToString(fileName);
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  },
});
