// Runs before main(): mounts IndexedDB at /workspace and loads it, so the app starts with the user's files.
// If IndexedDB is unavailable (private browsing), the app still runs; the workspace is then not persisted.
Module.preRun = Module.preRun || [];
Module.preRun.push(function () {
  Module.chokepointWorkspace = { available: false, syncing: false, again: false };
  try {
    FS.mkdir('/workspace');
    FS.mount(IDBFS, {}, '/workspace');
  } catch (e) {
    console.warn('workspace: cannot mount IndexedDB: ' + e);
    return;
  }
  addRunDependency('chokepoint-workspace');
  FS.syncfs(true, function (err) {
    if (err) console.warn('workspace: cannot read IndexedDB: ' + err);
    else Module.chokepointWorkspace.available = true;
    removeRunDependency('chokepoint-workspace');
  });
});
