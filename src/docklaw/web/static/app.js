// docklaw query page: Ctrl+Enter runs the editor's query. No network use beyond this server.
(function () {
  "use strict";
  var editor = document.getElementById("query");
  var form = document.getElementById("query-form");
  // URLs past ~4 KB are cut or refused by browsers and proxies: a long query is POSTed
  // (the page answers the same; only the permalink is lost).
  var LONG = 3000;
  if (editor && form) {
    form.addEventListener("submit", function () {
      form.method = encodeURIComponent(editor.value).length > LONG ? "post" : "get";
    });
    editor.addEventListener("keydown", function (event) {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        form.method = encodeURIComponent(editor.value).length > LONG ? "post" : "get";
        form.submit();
      }
    });
  }
})();
