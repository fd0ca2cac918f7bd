// C entry points of the workspace store (web/bridge/pre/workspace.js holds the store itself).
mergeInto(LibraryManager.library, {
  chokepoint_js_persist_workspace: function () {
    var ws = Module.chokepointWorkspace;
    if (ws && ws.available) ws.persist();
  },
  chokepoint_js_workspace_available: function () {
    return Module.chokepointWorkspace && Module.chokepointWorkspace.available ? 1 : 0;
  },
  chokepoint_js_workspace_remove: function (path) {
    var ws = Module.chokepointWorkspace, p = UTF8ToString(path);
    if (ws && ws.available && p.indexOf('/workspace/') === 0) ws.remove(p.slice('/workspace/'.length));
  },
  chokepoint_js_workspace_discard: function (path) {
    var ws = Module.chokepointWorkspace, p = UTF8ToString(path);
    if (ws && p.indexOf('/workspace/') === 0) ws.discard(p.slice('/workspace/'.length));
  },
  chokepoint_js_workspace_cancel_load: function (path) {
    var ws = Module.chokepointWorkspace;
    if (ws) ws.cancelLoad(UTF8ToString(path));
  },
  // Files being read into the page from the workspace (not uploads): the metrics view waits for them after a reload.
  chokepoint_js_workspace_restoring: function () {
    var ws = Module.chokepointWorkspace;
    if (!ws) return 0;
    var n = (ws.deferred || []).length;
    Object.keys(ws.loads).forEach(function (p) { if (ws.loads[p].origin === 'workspace') ++n; });
    return n;
  },
});
