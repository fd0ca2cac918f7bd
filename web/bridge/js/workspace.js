// Writes the workspace back to IndexedDB. Syncs never overlap: a request during a sync runs once it finishes.
mergeInto(LibraryManager.library, {
  chokepoint_js_persist_workspace: function () {
    var ws = Module.chokepointWorkspace;
    if (!ws || !ws.available) return;
    if (ws.syncing) { ws.again = true; return; }
    ws.syncing = true;
    FS.syncfs(false, function done(err) {
      if (err) console.warn('workspace: cannot save to IndexedDB: ' + err);
      if (ws.again) { ws.again = false; FS.syncfs(false, done); return; }
      ws.syncing = false;
      window.chokepoint = window.chokepoint || {};
      window.chokepoint.lastPersist = Date.now();
    });
  },
  chokepoint_js_workspace_available: function () {
    return Module.chokepointWorkspace && Module.chokepointWorkspace.available ? 1 : 0;
  },
});
